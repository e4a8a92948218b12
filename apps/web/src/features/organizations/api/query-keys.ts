import type { QueryClient } from '@tanstack/react-query';
import type { OrganizationDetail } from '@teamup/shared';

/**
 * Every query of this feature lives under `['organizations']`: one invalidation after any change
 * (details, admins, deletion) refreshes lists, details and the user directory. An organization's
 * course list is here too, because the courses feature invalidates `['organizations']` whenever a
 * course is created, edited or archived (the counts change).
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  superList: (params: object) => ['organizations', 'super', 'list', params] as const,
  superDetail: (id: string) => ['organizations', 'super', 'detail', id] as const,
  userDirectory: (params: object) => ['organizations', 'super', 'users', params] as const,
  myList: (params: object) => ['organizations', 'admin', 'my', params] as const,
  myDetail: (id: string) => ['organizations', 'admin', 'detail', id] as const,
  // The organization pickers of other features' pages (courses, student management).
  myOptions: (search: string) => ['organizations', 'admin-my', 'options', search] as const,
  myOption: (id: string) => ['organizations', 'admin-my', 'option', id] as const,
  courses: (orgId: string, params: object) => ['organizations', 'courses', orgId, params] as const,
};

/**
 * After a change the server answers with the whole organization: both detail caches take it at
 * once (no flash of old values), and everything else refetches in the background. Not awaited, so
 * a dialog closes as soon as the change is saved rather than after every list has reloaded.
 */
export function applyOrganizationChange(queryClient: QueryClient, detail?: OrganizationDetail) {
  if (detail) {
    for (const key of [
      organizationKeys.superDetail(detail.id),
      organizationKeys.myDetail(detail.id),
    ]) {
      if (queryClient.getQueryData(key)) queryClient.setQueryData(key, detail);
    }
  }
  void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
}
