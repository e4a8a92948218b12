/**
 * The course admin page's sections (issue 35, decision 145), each its own URL under
 * /admin/courses/$courseId. Other pages link to them by these paths.
 */
export const COURSE_SECTIONS = [
  { key: 'overview', label: 'Overview', to: '/admin/courses/$courseId' },
  { key: 'roster', label: 'Roster', to: '/admin/courses/$courseId/roster' },
  { key: 'survey', label: 'Survey', to: '/admin/courses/$courseId/survey' },
  { key: 'placement', label: 'Placement', to: '/admin/courses/$courseId/placement' },
  { key: 'teams', label: 'Teams', to: '/admin/courses/$courseId/teams' },
  { key: 'health', label: 'Health & history', to: '/admin/courses/$courseId/health' },
  { key: 'staff', label: 'Staff', to: '/admin/courses/$courseId/staff' },
  { key: 'lms', label: 'LMS', to: '/admin/courses/$courseId/lms' },
] as const;

export type CourseSection = (typeof COURSE_SECTIONS)[number];
export type CourseSectionKey = CourseSection['key'];

/** The section a pathname shows: the segment after the course id ('' is the Overview). */
export function sectionOfPath(pathname: string, courseId: string): CourseSection {
  const rest = pathname.split(`/admin/courses/${courseId}`)[1] ?? '';
  const key = rest.replace(/^\/+|\/+$/g, '').split('/')[0] ?? '';
  return COURSE_SECTIONS.find((s) => s.key === key) ?? COURSE_SECTIONS[0];
}
