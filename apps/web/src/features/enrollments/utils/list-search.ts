import {
  DEFAULT_PAGE_LIMIT,
  type AdminStudentsQuery,
  type CourseRosterQuery,
  type EnrollmentStatus,
} from '@teamup/shared';

// Not in the page components: the routes' loaders read them, and loaders load with the app's
// entry (decision 091).

export type RosterSearch = {
  search?: string;
  status?: EnrollmentStatus;
  /** Issue 36: one section of the course. */
  section?: string;
  page?: number;
};

export function toRosterQuery(search: RosterSearch): CourseRosterQuery {
  return {
    page: search.page ?? 1,
    limit: DEFAULT_PAGE_LIMIT,
    ...(search.search ? { search: search.search } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.section ? { section: search.section } : {}),
  };
}

export type StudentListSearch = {
  search?: string;
  organizationId?: string;
  courseId?: string;
  status?: EnrollmentStatus;
  page?: number;
};

export function toAdminStudentsQuery(search: StudentListSearch): AdminStudentsQuery {
  return {
    page: search.page ?? 1,
    limit: DEFAULT_PAGE_LIMIT,
    ...(search.search ? { search: search.search } : {}),
    ...(search.organizationId ? { organizationId: search.organizationId } : {}),
    ...(search.courseId ? { courseId: search.courseId } : {}),
    ...(search.status ? { status: search.status } : {}),
  };
}
