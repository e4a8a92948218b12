import { z } from 'zod';
import { multiLineSchema, singleLineSchema, teamNameSchema } from './text.js';
import {
  TEAM_NAME_MAX,
  TEAM_DESCRIPTION_MAX,
  TEAM_MESSAGE_MAX,
  NOTICE_BODY_MAX,
  SKILL_TEXT_MAX,
  WANTED_SKILL_MAX,
} from './constants.js';
import { paginationQuerySchema } from './api.js';
import { enrollmentStatusSchema } from './enrollments.js';

/**
 * Join requests and invitations: PENDING → ACCEPTED | REJECTED | WITHDRAWN | CANCELLED. A join
 * request to a full team starts WAITLISTED (issue 15) and becomes PENDING when a seat opens and
 * it is first in line; invitations are never WAITLISTED.
 */
export const TEAM_REQUEST_STATUSES = [
  'PENDING',
  'ACCEPTED',
  'REJECTED',
  'WITHDRAWN',
  'CANCELLED',
  'WAITLISTED',
] as const;
export const teamRequestStatusSchema = z.enum(TEAM_REQUEST_STATUSES);
export type TeamRequestStatus = z.infer<typeof teamRequestStatusSchema>;

export const personSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  /**
   * Null when a student may not see it (issue 12, decisions 105 and 121): another student's
   * email shows only to teammates and when that student opted in, an organization admin's to the
   * students of that organization; admins see the emails of their students.
   */
  email: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

export const teamCourseSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  title: z.string(),
  organizationId: z.uuid(),
  teamSizeMin: z.number().int(),
  teamSizeMax: z.number().int(),
  teamFormationDeadline: z.string(),
  deadlinePassed: z.boolean(),
  archived: z.boolean(),
});
export type TeamCourse = z.infer<typeof teamCourseSchema>;

/** What the caller has to do with a team, so lists can show the right action. */
export const VIEWER_TEAM_RELATIONS = ['LEADER', 'MEMBER', 'REQUESTED', 'INVITED', 'NONE'] as const;
export const viewerTeamRelationSchema = z.enum(VIEWER_TEAM_RELATIONS);
export type ViewerTeamRelation = z.infer<typeof viewerTeamRelationSchema>;

export const teamSummarySchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseCode: z.string(),
  courseTitle: z.string(),
  name: z.string(),
  description: z.string(),
  leader: personSchema,
  memberCount: z.number().int(),
  maxSize: z.number().int(),
  openSeats: z.number().int(),
  openToRequests: z.boolean(),
  createdAt: z.string(),
  disbandedAt: z.string().nullable(),
  relation: viewerTeamRelationSchema,
  /** Skills the team is looking for, as the leader typed them (issue 12). */
  wantedSkills: z.array(z.string()),
  /** Those of wantedSkills the caller lists among their own skills (case-insensitive). */
  matchedSkills: z.array(z.string()),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamMemberSchema = personSchema.extend({
  skills: z.array(z.string()),
  joinedAt: z.string(),
  isLeader: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamDetailSchema = teamSummarySchema.extend({
  course: teamCourseSchema,
  members: z.array(teamMemberSchema),
  viewer: z.object({
    relation: viewerTeamRelationSchema,
    /** An organization admin of the course (reads everything, manages members any time). */
    isAdmin: z.boolean(),
    pendingRequestId: z.uuid().nullable(),
    pendingInvitationId: z.uuid().nullable(),
    /**
     * Whether applying would be accepted now: an ACTIVE enrollment, no team in the course, no
     * pending request or invitation here, and the team live, open, with a seat, before the
     * deadline. False for any of those reasons; the other fields say which.
     */
    canApply: z.boolean(),
    /** The caller's WAITLISTED request on this team (issue 15), or null. */
    waitlistedRequestId: z.uuid().nullable(),
    /**
     * The caller's place in this team's waitlist (1 = next when a seat opens), or null when not
     * waitlisted here (or the deadline passed: the waitlist is over).
     */
    waitlistPosition: z.number().int().nullable(),
    /**
     * Whether applying would be filed on the waitlist now: as canApply, but the team is full (no
     * open seat) and the caller is not on its waitlist yet.
     */
    canJoinWaitlist: z.boolean(),
    /**
     * The caller's team in this course: this team's id for a member, another team's id when
     * they are in another team, null when they have none.
     */
    currentTeamId: z.uuid().nullable(),
    /** Whether the caller may read the team's activity (members, former members, admins). */
    canReadAudit: z.boolean(),
    /**
     * The caller's enrollment status in the team's course (a removed enrollment counts as
     * none): null when not enrolled, as for most admins.
     */
    enrollmentStatus: enrollmentStatusSchema.nullable(),
  }),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

const wantedSkillsSchema = z
  .array(
    singleLineSchema()
      .min(1, 'A skill cannot be empty')
      .max(SKILL_TEXT_MAX, `A skill is at most ${SKILL_TEXT_MAX} characters`),
  )
  .max(WANTED_SKILL_MAX, `At most ${WANTED_SKILL_MAX} wanted skills`)
  .refine((v) => new Set(v.map((s) => s.toLowerCase())).size === v.length, {
    message: 'Each skill once',
  });

export const createTeamBodySchema = z.strictObject({
  name: teamNameSchema(TEAM_NAME_MAX),
  description: multiLineSchema().max(TEAM_DESCRIPTION_MAX).default(''),
  /** Defaults to the course's maximum team size. */
  maxSize: z.number().int().min(1).max(50).optional(),
  openToRequests: z.boolean().default(true),
  wantedSkills: wantedSkillsSchema.default([]),
});
export type CreateTeamBody = z.input<typeof createTeamBodySchema>;

export const updateTeamBodySchema = z
  .strictObject({
    name: teamNameSchema(TEAM_NAME_MAX),
    description: multiLineSchema().max(TEAM_DESCRIPTION_MAX),
    openToRequests: z.boolean(),
    maxSize: z.number().int().min(1).max(50),
    wantedSkills: wantedSkillsSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateTeamBody = z.infer<typeof updateTeamBodySchema>;

export const courseTeamsQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  /**
   * name (default): by name. match: teams with the most of the caller's skills among their
   * wanted skills first, then by name (the course page's "teams that want your skills").
   */
  sort: z.enum(['name', 'match']).default('name'),
  hasOpenSeats: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type CourseTeamsQuery = z.input<typeof courseTeamsQuerySchema>;

export const allTeamsQuerySchema = courseTeamsQuerySchema.extend({
  courseId: z.uuid().optional(),
});
export type AllTeamsQuery = z.input<typeof allTeamsQuerySchema>;

export const joinRequestSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  teamName: z.string(),
  courseId: z.uuid(),
  courseCode: z.string(),
  applicant: personSchema.extend({ skills: z.array(z.string()) }),
  message: z.string(),
  status: teamRequestStatusSchema,
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /**
   * A WAITLISTED request's place in its team's line (1 = next when a seat opens; issue 15); null
   * for every other status, and once the course's deadline has passed.
   */
  waitlistPosition: z.number().int().nullable(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

export const applyBodySchema = z.strictObject({
  message: multiLineSchema().max(TEAM_MESSAGE_MAX).default(''),
});
export type ApplyBody = z.input<typeof applyBodySchema>;

export const decideBodySchema = z.strictObject({
  reason: multiLineSchema().max(TEAM_MESSAGE_MAX).optional(),
});
export type DecideBody = z.infer<typeof decideBodySchema>;

export const joinRequestsQuerySchema = paginationQuerySchema.extend({
  status: teamRequestStatusSchema.optional(),
});

export const invitationSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  teamName: z.string(),
  courseId: z.uuid(),
  courseCode: z.string(),
  courseTitle: z.string(),
  invitee: personSchema,
  invitedBy: personSchema.nullable(),
  message: z.string(),
  status: teamRequestStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const inviteBodySchema = z.strictObject({
  userId: z.uuid(),
  message: multiLineSchema().max(TEAM_MESSAGE_MAX).default(''),
});
export type InviteBody = z.input<typeof inviteBodySchema>;

/** The caller's own team life: teams, pending and waitlisted requests, invitations. */
export const myTeamsSchema = z.object({
  teams: z.array(teamSummarySchema),
  requests: z.array(joinRequestSchema),
});
export type MyTeams = z.infer<typeof myTeamsSchema>;

export const noticeSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  author: personSchema.nullable(),
  body: z.string(),
  pinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const createNoticeBodySchema = z.strictObject({
  body: multiLineSchema().min(1, 'Write something').max(NOTICE_BODY_MAX),
  pinned: z.boolean().default(false),
});
export type CreateNoticeBody = z.input<typeof createNoticeBodySchema>;

export const updateNoticeBodySchema = z
  .strictObject({
    body: multiLineSchema().min(1, 'Write something').max(NOTICE_BODY_MAX),
    pinned: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateNoticeBody = z.infer<typeof updateNoticeBodySchema>;

export const TEAM_AUDIT_ACTIONS = [
  'TEAM_CREATED',
  'TEAM_UPDATED',
  'TEAM_DISBANDED',
  'REQUEST_CREATED',
  'REQUEST_WITHDRAWN',
  'REQUEST_ACCEPTED',
  'REQUEST_REJECTED',
  'REQUEST_CANCELLED',
  'INVITATION_CREATED',
  'INVITATION_ACCEPTED',
  'INVITATION_REJECTED',
  'INVITATION_CANCELLED',
  'MEMBER_JOINED',
  'MEMBER_LEFT',
  'MEMBER_REMOVED',
  'MEMBER_ADDED_BY_ADMIN',
  'MEMBER_MOVED_BY_ADMIN',
  'LEADER_CHANGED',
  'NOTICE_POSTED',
  'NOTICE_UPDATED',
  'NOTICE_DELETED',
  // Issue 15: a waitlisted request that a free seat made pending, and an admin's nudge.
  'REQUEST_PROMOTED',
  'TEAM_NUDGED',
] as const;
export type TeamAuditAction = (typeof TEAM_AUDIT_ACTIONS)[number];

export const teamAuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  actor: personSchema.nullable(),
  target: personSchema.nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TeamAuditEntry = z.infer<typeof teamAuditEntrySchema>;

/** Organization admins: add a student to a team, or move them from their current team. */
export const adminAddMemberBodySchema = z.strictObject({
  userId: z.uuid(),
});
export type AdminAddMemberBody = z.infer<typeof adminAddMemberBodySchema>;
