import { DEFAULT_PAGE_LIMIT, type AllTeamsQuery } from '@teamup/shared';

// Not in the page component: the route's loader reads it, and loaders load with the app's entry
// (decision 091).

export type AllTeamsSearch = {
  courseId?: string;
  /** Only teams a student could ask to join: taking requests, with a free seat. */
  open?: boolean;
  search?: string;
  page?: number;
};

export function toAllTeamsQuery(search: AllTeamsSearch): AllTeamsQuery {
  return {
    page: search.page ?? 1,
    limit: DEFAULT_PAGE_LIMIT,
    ...(search.courseId ? { courseId: search.courseId } : {}),
    ...(search.open ? { hasOpenSeats: 'true' } : {}),
    ...(search.search ? { search: search.search } : {}),
  };
}
