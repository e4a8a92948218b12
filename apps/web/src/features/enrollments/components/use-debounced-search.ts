import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * A search box whose text reaches the URL 300 ms after typing stops. `onCommit` must be stable
 * (the routes pass a useCallback).
 */
export function useDebouncedSearch(
  current: string | undefined,
  onCommit: (value: string | undefined) => void,
) {
  const [text, setText] = useState(current ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if (debounced !== (current ?? '')) onCommit(debounced || undefined);
  }, [debounced, current, onCommit]);
  return [text, setText] as const;
}
