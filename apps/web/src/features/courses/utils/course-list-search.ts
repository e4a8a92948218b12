import { DEFAULT_PAGE_LIMIT, type CourseListQuery } from '@teamup/shared';

// Not in the page component: the route's loader reads it, and loaders load with the app's entry
// (decision 091).

export type CourseListSearch = {
  search?: string;
  organizationId?: string;
  archived?: 'active' | 'archived' | 'all';
  page?: number;
};

/** The list query a URL stands for; the route prefetches the same one. */
export function toCourseListQuery(search: CourseListSearch): CourseListQuery {
  return {
    page: search.page ?? 1,
    limit: DEFAULT_PAGE_LIMIT,
    archived: search.archived ?? 'active',
    ...(search.search ? { search: search.search } : {}),
    ...(search.organizationId ? { organizationId: search.organizationId } : {}),
  };
}
