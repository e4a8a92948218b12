import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** SPEC §9: queries retry once, refetch on focus, go stale after 60 s; mutations never retry. */
export const QUERY_DEFAULT_OPTIONS = {
  queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 60_000 },
  mutations: { retry: false },
} as const satisfies DefaultOptions;

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULT_OPTIONS.queries, ...overrides.queries },
      mutations: { ...QUERY_DEFAULT_OPTIONS.mutations, ...overrides.mutations },
    },
  });
}
