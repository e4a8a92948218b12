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
 * counts (other features' queries, named by their key prefixes) and the history here. The live
 * stream's notification of the same end refreshes the same lists (decision 128): whichever comes
 * second leaves the other's read in flight to answer (both follow the upload's commit) instead
 * of asking again.
 */
export function invalidateAfterUpload(queryClient: QueryClient) {
  const joinInFlight = { cancelRefetch: false };
  return Promise.all(
    [csvKeys.history, ['enrollments'], ['courses'], ['organizations']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }, joinInFlight),
    ),
  );
}
