import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouteMatch } from '@tanstack/react-router';
import { teachingCoursesQueryOptions } from '../api/get-teaching-courses';

/**
 * Whether the course staff may open the page being loaded (issue 28). An admin page admits them
 * only when its route says so in `staticData.courseStaff`: 'course' for the page of the course
 * in its `courseId` param (they must teach that one; its child routes too), 'any' for a page the server scopes to the
 * courses they teach (they must teach one). Every other admin page stays the admins' own.
 */
export async function admitsCourseStaff(
  queryClient: QueryClient,
  matches: readonly AnyRouteMatch[],
): Promise<boolean> {
  // The nearest route that says: a course page's sections (child routes, issue 35) follow it.
  const page = matches.findLast((m) => m.staticData.courseStaff);
  const access = page?.staticData.courseStaff;
  if (!page || !access) return false;
  const { items } = await queryClient.ensureQueryData(teachingCoursesQueryOptions());
  if (access === 'any') return items.length > 0;
  const { courseId } = page.params as { courseId?: string };
  return items.some((course) => course.id === courseId);
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** See admitsCourseStaff: which admin pages the course staff may open. */
    courseStaff?: 'course' | 'any';
  }
}
