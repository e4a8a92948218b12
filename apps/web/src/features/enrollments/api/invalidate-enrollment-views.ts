import type { QueryClient } from '@tanstack/react-query';

/**
 * An enrollment change shows in the student lists and rosters, in the course's enrollment counts
 * and in the organizations' student counts: all of them are refetched.
 */
export function invalidateEnrollmentViews(
  queryClient: QueryClient,
  { removedId }: { removedId?: string } = {},
) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: ['enrollments'],
      // A removed enrollment's detail would only answer 404 now.
      predicate: (query) =>
        !(removedId && query.queryKey[1] === 'detail' && query.queryKey[2] === removedId),
    }),
    queryClient.invalidateQueries({ queryKey: ['courses'] }),
    queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  ]);
}
