import { useEffect } from 'react';
import type { Paginated } from '@teamup/shared';

/**
 * Steps back a page when the current one empties (its last request accepted, its last notice
 * deleted), so a list never shows an empty page while it still has items before it.
 */
export function useClampPage(
  page: number,
  setPage: (page: number) => void,
  data: Paginated<unknown> | undefined,
) {
  const emptied = data !== undefined && data.items.length === 0 && data.total > 0 && page > 1;
  useEffect(() => {
    if (emptied) setPage(Math.max(1, Math.ceil((data?.total ?? 0) / (data?.limit ?? 1))));
  }, [emptied, data, setPage]);
}
