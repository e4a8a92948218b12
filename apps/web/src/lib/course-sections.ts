/**
 * The sections of a course's admin page (issue 35), each its own URL under
 * /admin/courses/$courseId: Overview (the course page itself), Roster, Survey, Placement, Teams,
 * Health & history, Staff, LMS.
 */
export const COURSE_SECTIONS = [
  'roster',
  'survey',
  'placement',
  'teams',
  'health',
  'staff',
  'lms',
] as const;
export type CourseSection = (typeof COURSE_SECTIONS)[number];

type CoursePageLink = { to: '/admin/courses/$courseId'; params: { courseId: string } };

/**
 * Router link props to a course's section (its Overview without one). The section routes are
 * typed as the course page's: the router fills in the course id and keeps the rest of the path.
 */
export function courseSectionLink(courseId: string, section?: CourseSection): CoursePageLink {
  const to = (
    section ? `/admin/courses/$courseId/${section}` : '/admin/courses/$courseId'
  ) as CoursePageLink['to'];
  return { to, params: { courseId } };
}
