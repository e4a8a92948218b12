// One world with real ids for the authorization matrix and the fuzz test: organization A with a
// course, a team (leader and member), a classmate with a pending join request to the team and an
// invitation from it, a notice, a roster upload; organization B ("Borealis") with its own admin,
// course, student and team. Everything of A carries "aurora" in its names or emails and
// everything of B "borealis", so an answer that leaks one's data to the other's caller shows it.
import { randomUUID } from 'node:crypto';
import {
  courseStaff,
  csvUploads,
  ltiContexts,
  ltiIdentities,
  ltiPlatforms,
  sessions,
} from '../../src/db/schema/index.js';
import { createAccessTokens } from '../../src/lib/access-token.js';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../fixtures.js';
import { bearer, getWorkerDb, testConfig } from '../helper.js';
import { makeInvitation, makeJoinRequest, makeNotice } from '../modules/teams/requests-world.js';

/** Markers in every name and email of organization A's and organization B's data. */
export const AURORA = 'aurora';
export const BOREALIS = 'borealis';

/** The kinds of caller, in the order the matrix lists them. */
export const CALLERS = [
  'anonymous',
  'outsider',
  'classmate',
  'member',
  'leader',
  'otherAdmin',
  'admin',
  'superadmin',
] as const;
/**
 * The course staff callers (issue 28), in the order the staff matrix lists them: an instructor
 * and a teaching assistant of course A, and an instructor of course B. None is enrolled anywhere.
 */
export const STAFF_CALLERS = ['instructor', 'assistant', 'otherStaff'] as const;
export type StaffCaller = (typeof STAFF_CALLERS)[number];
export type Caller = (typeof CALLERS)[number] | StaffCaller;

const short = () => randomUUID().slice(0, 8);

async function student(courseId: string, fullname: string, domain: string) {
  const user = await makeUser({
    email: `${fullname.split(' ')[0]!.toLowerCase()}-${short()}@${domain}`,
    fullname,
  });
  const enrollment = await makeEnrollment(courseId, {
    email: user.email,
    userId: user.id,
    fullname,
    status: 'ACTIVE',
  });
  return { ...user, enrollmentId: enrollment.id };
}

export async function authzWorld() {
  const orgA = await makeOrganization({ name: 'Org Aurora', slug: `aurora-${short()}` });
  const orgB = await makeOrganization({ name: 'Org Borealis', slug: `borealis-${short()}` });
  const course = await makeCourse(orgA.id, { code: 'AUR101', title: 'Aurora Course' });
  const courseB = await makeCourse(orgB.id, { code: 'BOR101', title: 'Borealis Course' });
  const admin = await makeAdminOf([orgA.id], {
    email: `admin-${short()}@aurora.example.edu`,
    fullname: 'Ada Admin',
  });
  const otherAdmin = await makeAdminOf([orgB.id], {
    email: `admin-${short()}@borealis.example.edu`,
    fullname: 'Bea Borealis',
  });
  const superadmin = await makeUser({
    email: `root-${short()}@example.edu`,
    fullname: 'Root User',
    role: 'SUPERADMIN',
  });
  const leader = await student(course.id, 'Lea Leader', 'aurora.example.edu');
  const member = await student(course.id, 'Max Member', 'aurora.example.edu');
  const classmate = await student(course.id, 'Sue Classmate', 'aurora.example.edu');
  const outsider = await student(courseB.id, 'Olga Borealis', 'borealis.example.edu');
  const team = await makeTeam(course.id, leader.id, {
    name: 'Team Aurora',
    maxSize: 4,
    members: [member.id],
  });
  const teamB = await makeTeam(courseB.id, outsider.id, { name: 'Team Borealis', maxSize: 4 });
  const joinRequest = await makeJoinRequest(team, classmate.id, { message: 'Let me in' });
  const invitation = await makeInvitation(team, classmate.id, { message: 'Join us' });
  const notice = await makeNotice(team.id, leader.id, { body: 'Meeting on Friday' });
  const { db } = await getWorkerDb();
  const [upload] = await db
    .insert(csvUploads)
    .values({
      courseId: course.id,
      organizationId: orgA.id,
      uploadedBy: admin.id,
      fileName: 'roster.csv',
      content: 'email,fullname\n',
      status: 'COMPLETED',
      finishedAt: new Date(),
    })
    .returning();
  // Issue 14: a notification of the leader's (POST /notifications/{id}/read: hers alone).
  const { notifications } = await import('../../src/db/schema/index.js');
  const [notification] = await db
    .insert(notifications)
    .values({
      userId: leader.id,
      kind: 'JOIN_REQUEST_RECEIVED',
      actorId: classmate.id,
      teamId: team.id,
    })
    .returning({ id: notifications.id });
  const instructor = await makeUser({
    email: `ines-${short()}@aurora.example.edu`,
    fullname: 'Ines Instructor',
  });
  const assistant = await makeUser({
    email: `tom-${short()}@aurora.example.edu`,
    fullname: 'Tom Assistant',
  });
  const otherStaff = await makeUser({
    email: `bo-${short()}@borealis.example.edu`,
    fullname: 'Bo Borealis Instructor',
  });
  await db.insert(courseStaff).values([
    { courseId: course.id, userId: instructor.id, email: instructor.email, role: 'INSTRUCTOR' },
    {
      courseId: course.id,
      userId: assistant.id,
      email: assistant.email,
      role: 'TEACHING_ASSISTANT',
    },
    { courseId: courseB.id, userId: otherStaff.id, email: otherStaff.email, role: 'INSTRUCTOR' },
  ]);
  const [staffRow] = await db
    .insert(courseStaff)
    .values({
      courseId: course.id,
      email: `pending-${short()}@aurora.example.edu`,
      role: 'TEACHING_ASSISTANT',
    })
    .returning({ id: courseStaff.id });
  // Issue 28: an LMS platform of organization A.
  const [platform] = await db
    .insert(ltiPlatforms)
    .values({
      organizationId: orgA.id,
      name: 'Aurora Moodle',
      issuer: `https://moodle.aurora.example.edu/${short()}`,
      clientId: 'aurora-client',
      authorizationUrl: 'https://moodle.aurora.example.edu/mod/lti/auth.php',
      tokenUrl: 'https://moodle.aurora.example.edu/mod/lti/token.php',
      jwksUrl: 'https://moodle.aurora.example.edu/mod/lti/certs.php',
      deploymentIds: ['1'],
    })
    .returning({ id: ltiPlatforms.id });
  // Its LMS course, linked to course A (no roster service: a sync answers 409 NO_LMS_ROSTER).
  const [context] = await db
    .insert(ltiContexts)
    .values({
      platformId: platform!.id,
      contextId: 'aurora-course-1',
      courseId: course.id,
      deploymentId: '1',
      title: 'Aurora Course',
      label: 'AUR101',
    })
    .returning({ id: ltiContexts.id });
  // Issue 34: the leader's LMS account, linked to her account (DELETE /profile/identities/{id}).
  const [identity] = await db
    .insert(ltiIdentities)
    .values({
      platformId: platform!.id,
      sub: `leader-${short()}`,
      userId: leader.id,
      linkSource: 'PERSON',
    })
    .returning({ id: ltiIdentities.id });
  const users = {
    outsider,
    classmate,
    member,
    leader,
    otherAdmin,
    admin,
    superadmin,
    instructor,
    assistant,
    otherStaff,
  };
  // Sessions are written directly and their access tokens signed with the app's secret: the
  // same as signing in (the auth plugin loads the session on every call), at a fraction of
  // the cost, which matters for a world rebuilt a hundred times.
  const people = Object.values(users);
  const rows = await db
    .insert(sessions)
    .values(
      people.map((u) => ({
        userId: u.id,
        ip: '127.0.0.1',
        expiresAt: new Date(Date.now() + 3_600_000),
      })),
    )
    .returning({ id: sessions.id, userId: sessions.userId });
  const signer = createAccessTokens(testConfig().JWT_SECRET!, 3600);
  const sessionOf = (userId: string) => rows.find((r) => r.userId === userId)!.id;
  const signed = await Promise.all(
    people.map(
      async (u) =>
        (
          await signer.sign({
            userId: u.id,
            sessionId: sessionOf(u.id),
            role: u.role,
            email: u.email,
          })
        ).token,
    ),
  );
  const tokens = Object.fromEntries(Object.keys(users).map((k, i) => [k, signed[i]!])) as Record<
    Exclude<Caller, 'anonymous'>,
    string
  >;
  const headers = (caller: Caller): Record<string, string> =>
    caller === 'anonymous' ? {} : bearer(tokens[caller]);
  return {
    orgA,
    orgB,
    course,
    courseB,
    team,
    teamB,
    joinRequest,
    invitation,
    notice,
    notification: notification!,
    upload: upload!,
    /** A pending appointment to course A's staff (DELETE /admin/courses/{id}/staff/{staffId}). */
    staffEntry: staffRow!,
    platform: platform!,
    context: context!,
    identity: identity!,
    ...users,
    /** The leader's own session (the one her token belongs to). */
    leaderSessionId: sessionOf(leader.id),
    tokens,
    headers,
  };
}
export type AuthzWorld = Awaited<ReturnType<typeof authzWorld>>;
