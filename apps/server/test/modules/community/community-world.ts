// A world for the community tests (decision 105). Organization A has courses One and Two,
// organization B course Bee. Vera (the viewer) is ACTIVE in One and leads team Vanguard there
// (3 seats) with Theo. In One too: Cleo (looking, with a note), Sami (shows her email) and
// Ines (INACTIVE in One). In Two only: Otto (CLASSMATES visibility) and Pia (ORGANIZATION).
// In Bee only: Xavi (ORGANIZATION). Admins of A and B and a superadmin. Names carry the
// person's letter so that assertions read well.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { enrollments, users } from '../../../src/db/schema/index.js';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../../fixtures.js';
import { bearer, getWorkerDb, signIn } from '../../helper.js';

const short = () => randomUUID().slice(0, 8);

async function person(
  fullname: string,
  courseIds: string[],
  profile: Partial<{
    skills: string[];
    headline: string;
    profileVisibility: 'CLASSMATES' | 'ORGANIZATION';
    showEmail: boolean;
  }> = {},
) {
  const { db } = await getWorkerDb();
  const user = await makeUser({
    email: `${fullname.split(' ')[0]!.toLowerCase()}-${short()}@example.edu`,
    fullname,
  });
  for (const courseId of courseIds) {
    await makeEnrollment(courseId, { email: user.email, userId: user.id, fullname });
  }
  if (Object.keys(profile).length > 0) {
    await db.update(users).set(profile).where(eq(users.id, user.id));
  }
  return user;
}

export async function setEnrollment(
  courseId: string,
  userId: string,
  changes: Partial<{
    status: 'ACTIVE' | 'INACTIVE';
    lookingForTeam: boolean;
    lookingNote: string;
    removedAt: Date | null;
  }>,
) {
  const { db } = await getWorkerDb();
  await db
    .update(enrollments)
    .set(changes)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
}

export async function communityWorld(app: FastifyInstance) {
  const orgA = await makeOrganization({ name: 'Org A' });
  const orgB = await makeOrganization({ name: 'Org B' });
  const one = await makeCourse(orgA.id, { code: 'ONE101', title: 'Course One' });
  const two = await makeCourse(orgA.id, { code: 'TWO201', title: 'Course Two' });
  const bee = await makeCourse(orgB.id, { code: 'BEE301', title: 'Course Bee' });
  const vera = await person('Vera Viewer', [one.id], { skills: ['Rust'] });
  const theo = await person('Theo Teammate', [one.id], { skills: ['Go', 'SQL'] });
  const cleo = await person('Cleo Classmate', [one.id], {
    skills: ['TypeScript', 'Go', 'Figma'],
    headline: 'Frontend first',
  });
  const sami = await person('Sami Shows', [one.id], { skills: ['Python'], showEmail: true });
  const ines = await person('Ines Inactive', [one.id], { skills: ['Go'] });
  const otto = await person('Otto Orgmate', [two.id], { skills: ['Go'] });
  const pia = await person('Pia Public', [two.id], {
    skills: ['TypeScript'],
    profileVisibility: 'ORGANIZATION',
  });
  const xavi = await person('Xavi Elsewhere', [bee.id], {
    skills: ['TypeScript', 'Go'],
    profileVisibility: 'ORGANIZATION',
    showEmail: true,
  });
  await setEnrollment(one.id, cleo.id, { lookingForTeam: true, lookingNote: 'free Tue/Thu' });
  await setEnrollment(one.id, ines.id, { status: 'INACTIVE' });
  const team = await makeTeam(one.id, vera.id, {
    name: 'Vanguard',
    maxSize: 3,
    members: [theo.id],
  });
  const adminA = await makeAdminOf([orgA.id], { email: `admin-a-${short()}@example.edu` });
  const adminB = await makeAdminOf([orgB.id], { email: `admin-b-${short()}@example.edu` });
  const superadmin = await makeUser({ email: `super-${short()}@example.edu`, role: 'SUPERADMIN' });
  const headers = async (email: string) => bearer((await signIn(app, email)).token);
  const as = {
    vera: await headers(vera.email),
    cleo: await headers(cleo.email),
    pia: await headers(pia.email),
    xavi: await headers(xavi.email),
    adminA: await headers(adminA.email),
    adminB: await headers(adminB.email),
    superadmin: await headers(superadmin.email),
  };
  return {
    orgA,
    orgB,
    one,
    two,
    bee,
    vera,
    theo,
    cleo,
    sami,
    ines,
    otto,
    pia,
    xavi,
    team,
    adminA,
    adminB,
    superadmin,
    as,
  };
}

export type CommunityWorld = Awaited<ReturnType<typeof communityWorld>>;
