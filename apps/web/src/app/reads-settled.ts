import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once no query of `queryClient` is fetching, or after `limitMs`, whichever comes first.
 * main.tsx waits for it before the first render of a prerendered page (decision 132): the page's
 * first reads (started by its head or by the route's loader) have answered, so React's first
 * render, a sliced transition, already has the data; an answer arriving after it would re-render
 * the page at once, in one long task (a query's update is synchronous).
 */
export function readsSettled(queryClient: QueryClient, limitMs: number): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    const timer = setTimeout(done, limitMs);
  });
}
