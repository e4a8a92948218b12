import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text of a search box whose value lives elsewhere (the URL): typing commits it once typing
 * stops; a change made elsewhere (clear filters, back button) replaces the text. `onCommit` must
 * be stable (wrap it in useCallback).
 */
export function useDebouncedSearch(
  current: string | undefined,
  onCommit: (value: string | undefined) => void,
) {
  const [text, setText] = useState(current ?? '');
  // What this box last sent, to tell its own commits from changes made elsewhere.
  const committed = useRef(current);
  const commit = useDebouncedCallback((value: string) => {
    const next = value.trim() || undefined;
    if (next === committed.current) return;
    committed.current = next;
    onCommit(next);
  }, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (current === committed.current) return;
    committed.current = current;
    commit.cancel();
    setText(current ?? '');
  }, [current, commit]);

  const change = (value: string) => {
    setText(value);
    commit(value);
  };
  return [text, change] as const;
}
