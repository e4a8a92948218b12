// The course-health statements' shared pieces live in lib/admin-course-sql.ts (the email module's
// teamless reminder uses them too); formation's files keep importing them from here.
export {
  adminCourseScope,
  courseRefusal,
  iso,
  refusalInCourse,
  rowsOf,
  type AdminCaller,
} from '../../lib/admin-course-sql.js';
