import type { QueryClient } from '@tanstack/react-query';

/** Every query of this feature sits under 'csv'; history lists under 'csv', 'history'. */
export const csvKeys = {
  all: ['csv'] as const,
  history: ['csv', 'history'] as const,
  status: (id: string) => ['csv', 'status', id] as const,
};

/** A new upload changes the history lists of every filter. */
export function invalidateUploadHistory(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: csvKeys.history });
}

/**
 * A finished upload changed enrollments: the student lists, rosters, course and organization
 * counts (other features' queries, named by their key prefixes) and the history here.
 */
export function invalidateAfterUpload(queryClient: QueryClient) {
  return Promise.all([
    invalidateUploadHistory(queryClient),
    queryClient.invalidateQueries({ queryKey: ['enrollments'] }),
    queryClient.invalidateQueries({ queryKey: ['courses'] }),
    queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  ]);
}
