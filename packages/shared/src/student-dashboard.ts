// The student's home, GET /student/dashboard (issue 13, decision 107): what needs the student now
// (invitations, join requests to the teams they lead, their own pending requests, courses where
// they have no team with the next steps, teams with notices they have not seen) and their courses
// and teams in short. People carry no email: the dashboard never needs one, so the email rule of
// decisions 105 and 106 holds by construction.
import { z } from 'zod';
import { enrollmentStatusSchema } from './enrollments.js';
import { invitationSchema, joinRequestSchema } from './teams.js';

/** Someone the dashboard names: never an email (see above). */
export const dashboardPersonSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  avatar: z.string().nullable(),
});
export type DashboardPerson = z.infer<typeof dashboardPersonSchema>;

/** A PENDING invitation to me; answered with POST /student/invitations/{id}/accept|reject. */
export const dashboardInvitationSchema = invitationSchema
  .pick({
    id: true,
    teamId: true,
    teamName: true,
    courseId: true,
    courseCode: true,
    courseTitle: true,
    message: true,
    createdAt: true,
  })
  /** Null when the inviter's account is gone. */
  .extend({ invitedBy: dashboardPersonSchema.nullable() });
export type DashboardInvitation = z.infer<typeof dashboardInvitationSchema>;

const requestFields = {
  id: true,
  teamId: true,
  teamName: true,
  courseId: true,
  courseCode: true,
  message: true,
  createdAt: true,
} as const;

/** A PENDING join request to a team I lead; POST /student/join-requests/{id}/accept|reject. */
export const dashboardJoinRequestSchema = joinRequestSchema
  .pick(requestFields)
  .extend({ applicant: dashboardPersonSchema.extend({ skills: z.array(z.string()) }) });
export type DashboardJoinRequest = z.infer<typeof dashboardJoinRequestSchema>;

/**
 * My own open join request: PENDING, or WAITLISTED on a full team with my place in its line
 * (issue 15); POST /student/join-requests/{id}/withdraw.
 */
export const dashboardMyRequestSchema = joinRequestSchema.pick({
  ...requestFields,
  status: true,
  waitlistPosition: true,
});
export type DashboardMyRequest = z.infer<typeof dashboardMyRequestSchema>;

/** A live team that takes requests and has a seat: a next step for a teamless student. */
export const dashboardOpenTeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  memberCount: z.number().int(),
  maxSize: z.number().int(),
  wantedSkills: z.array(z.string()),
  /** Those of wantedSkills that I list among my skills (case-insensitive), in the team's order. */
  matchedSkills: z.array(z.string()),
});
export type DashboardOpenTeam = z.infer<typeof dashboardOpenTeamSchema>;

/** A classmate who is looking for a team in the course (ACTIVE, teamless, looking). */
export const dashboardLookingClassmateSchema = dashboardPersonSchema.extend({
  headline: z.string(),
  lookingNote: z.string(),
});
export type DashboardLookingClassmate = z.infer<typeof dashboardLookingClassmateSchema>;

/** A course where my enrollment is ACTIVE and I have no team, with the best next steps. */
export const dashboardTeamlessCourseSchema = z.object({
  courseId: z.uuid(),
  code: z.string(),
  title: z.string(),
  teamSizeMin: z.number().int(),
  teamSizeMax: z.number().int(),
  teamFormationDeadline: z.string(),
  deadlinePassed: z.boolean(),
  /** Whether I said I am looking for a team here. */
  lookingForTeam: z.boolean(),
  /** Open teams with a seat that I have not asked to join yet (none once the deadline passed). */
  openTeamCount: z.number().int(),
  /** Up to 3 of them: most of my skills wanted first, then by name. */
  openTeams: z.array(dashboardOpenTeamSchema),
  /** Classmates looking for a team here (none once the deadline passed). */
  lookingClassmateCount: z.number().int(),
  /** Up to 3 of them, by name. */
  lookingClassmates: z.array(dashboardLookingClassmateSchema),
});
export type DashboardTeamlessCourse = z.infer<typeof dashboardTeamlessCourseSchema>;

/** One of my teams with notices posted by others since I last saw its board. */
export const dashboardUnreadNoticesSchema = z.object({
  teamId: z.uuid(),
  teamName: z.string(),
  courseCode: z.string(),
  count: z.number().int(),
  newest: z.object({
    id: z.uuid(),
    /** Null when the author's account is gone. */
    authorName: z.string().nullable(),
    /** The start of the notice (at most 140 characters). */
    excerpt: z.string(),
    createdAt: z.string(),
  }),
});
export type DashboardUnreadNotices = z.infer<typeof dashboardUnreadNoticesSchema>;

/**
 * An OPEN survey of one of my courses (ACTIVE enrollment) that I have not submitted (issue 27):
 * "needs me" until I submit or it closes.
 */
export const dashboardOpenSurveySchema = z.object({
  courseId: z.uuid(),
  courseCode: z.string(),
  courseTitle: z.string(),
  closesAt: z.string(),
  /** I saved answers without submitting. */
  started: z.boolean(),
});
export type DashboardOpenSurvey = z.infer<typeof dashboardOpenSurveySchema>;

/** One of my courses (not archived), with my team in it. */
export const dashboardCourseSchema = z.object({
  courseId: z.uuid(),
  code: z.string(),
  title: z.string(),
  teamFormationDeadline: z.string(),
  deadlinePassed: z.boolean(),
  enrollmentStatus: enrollmentStatusSchema,
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type DashboardCourse = z.infer<typeof dashboardCourseSchema>;

/** One of my live teams (course not archived). */
export const dashboardTeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  courseId: z.uuid(),
  courseCode: z.string(),
  courseTitle: z.string(),
  memberCount: z.number().int(),
  maxSize: z.number().int(),
  isLeader: z.boolean(),
});
export type DashboardTeam = z.infer<typeof dashboardTeamSchema>;

export const studentDashboardSchema = z.object({
  /** Newest first. */
  invitations: z.array(dashboardInvitationSchema),
  /** Oldest first: the longest waiting first. */
  joinRequests: z.array(dashboardJoinRequestSchema),
  /** Newest first. */
  myRequests: z.array(dashboardMyRequestSchema),
  /** Nearest deadline first. */
  teamlessCourses: z.array(dashboardTeamlessCourseSchema),
  /** Newest notice first. */
  unreadNotices: z.array(dashboardUnreadNoticesSchema),
  /** Open surveys I have not submitted, closing soonest first (issue 27). */
  openSurveys: z.array(dashboardOpenSurveySchema),
  /** Nearest deadline first. */
  courses: z.array(dashboardCourseSchema),
  /** By course code, then name. */
  teams: z.array(dashboardTeamSchema),
});
export type StudentDashboard = z.infer<typeof studentDashboardSchema>;

/** POST /student/teams/{id}/notices/seen: the board's notices are seen by me as of now. */
export const noticesSeenSchema = z.object({
  teamId: z.uuid(),
  noticesSeenAt: z.string(),
});
export type NoticesSeen = z.infer<typeof noticesSeenSchema>;
