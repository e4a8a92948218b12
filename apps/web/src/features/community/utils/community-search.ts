import { DEFAULT_PAGE_LIMIT, type CommunityStudentsQuery } from '@teamup/shared';

// Not in the page component: the route's loader reads it, and loaders load with the app's entry
// (decision 091); no zod here for the same reason (decision 095).

/** The /community page's state in the URL. */
export type CommunitySearch = {
  search?: string;
  /** Every listed skill must match (the server takes at most 5). */
  skills?: string[];
  courseId?: string;
  /** Only students looking for a team (in the course when one is chosen). */
  looking?: boolean;
  /** Only students without a team in the chosen course; ignored without a course. */
  withoutTeam?: boolean;
  page?: number;
};

/** At most this many skills in the filter (the server's limit). */
export const SKILL_FILTER_MAX = 5;

export function toCommunityStudentsQuery(search: CommunitySearch): CommunityStudentsQuery {
  const skills = search.skills ?? [];
  return {
    page: search.page ?? 1,
    limit: DEFAULT_PAGE_LIMIT,
    ...(search.search ? { search: search.search } : {}),
    ...(skills.length > 0 ? { skills: skills.join(',') } : {}),
    ...(search.courseId ? { courseId: search.courseId } : {}),
    ...(search.looking ? { looking: 'true' } : {}),
    ...(search.courseId && search.withoutTeam ? { withoutTeam: 'true' } : {}),
  };
}
