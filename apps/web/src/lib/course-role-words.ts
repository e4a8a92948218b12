import type { CourseStaffRole } from '@teamup/shared';

/**
 * Who someone acts as on a course's pages (issue 35): an organization admin (or a superadmin),
 * or the course's instructor or teaching assistant. Null while that is not known yet.
 */
export type CourseActor = 'ADMIN' | CourseStaffRole;

const AS: Record<CourseActor, string> = {
  ADMIN: 'As an organization admin',
  INSTRUCTOR: 'As an instructor of this course',
  TEACHING_ASSISTANT: 'As a teaching assistant of this course',
};

const OF_ITS_COURSE: Record<CourseActor, string> = {
  ADMIN: 'an admin of its course',
  INSTRUCTOR: 'an instructor of its course',
  TEACHING_ASSISTANT: 'a teaching assistant of its course',
};

/**
 * The course actor of someone on a course's page: their staff role there when they have one
 * (the words of the role they came for), else an admin when they may manage it, else not known.
 */
export function courseActorOf(
  staffRole: CourseStaffRole | null | undefined,
  admin: boolean,
): CourseActor | null {
  return staffRole ?? (admin ? 'ADMIN' : null);
}

/**
 * A sentence that starts with who the reader is on the course: "As a teaching assistant of this
 * course you can …". Without a known actor, just "You can …".
 */
export function asActor(actor: CourseActor | null | undefined, rest: string): string {
  return actor ? `${AS[actor]} you ${rest}` : `You ${rest}`;
}

/** "an instructor of its course" (a team page's viewer line); "its course's staff" if unknown. */
export function actorOfItsCourse(actor: CourseActor | null | undefined): string {
  return actor ? OF_ITS_COURSE[actor] : 'one of its course’s staff';
}
