/** Query keys of the course staff (issue 28): every key starts with 'staff'. */
export const staffKeys = {
  all: ['staff'] as const,
  /** GET /staff/courses: the courses the signed-in user teaches. */
  teaching: () => ['staff', 'teaching'] as const,
  /** GET /admin/courses/{courseId}/staff: a course's instructors and assistants. */
  course: (courseId: string) => ['staff', 'course', courseId] as const,
};

export const courseStaffPath = (courseId: string) =>
  `/admin/courses/${encodeURIComponent(courseId)}/staff`;
