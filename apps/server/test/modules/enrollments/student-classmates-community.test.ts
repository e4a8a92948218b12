// Classmates for team-making (issue 12): emails only where a student may see them, the
// enrollment's looking flag and note, the skills the caller's team wants, looking=true and
// sort=match.
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Classmate } from '@teamup/shared';
import { enrollments, teams, users } from '../../../src/db/schema/index.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, enrolledStudent, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

async function list(w: World, who: keyof World['as'], query = '') {
  const res = await call(app, 'GET', `/student/courses/${w.course.id}/students${query}`, w.as[who]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { items: Classmate[]; total: number } }>().data;
}

const emails = (items: Classmate[]) => Object.fromEntries(items.map((c) => [c.fullname, c.email]));

async function setUser(ids: string[], values: { skills?: string[]; showEmail?: boolean }) {
  const { db } = await getWorkerDb();
  await db.update(users).set(values).where(inArray(users.id, ids));
}

async function setLooking(courseId: string, userId: string, note = '') {
  const { db } = await getWorkerDb();
  await db
    .update(enrollments)
    .set({ lookingForTeam: true, lookingNote: note })
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
}

describe('classmates for team-making', () => {
  it('emails: hidden from classmates, shown to teammates and when opted in', async () => {
    const w = await world(app);
    expect(emails((await list(w, 'sue')).items)).toEqual({
      'Lea Leader': null,
      'Max Member': null,
      'Mia Member': null,
    });
    expect(emails((await list(w, 'max')).items)).toEqual({
      'Lea Leader': w.lea.email,
      'Mia Member': w.mia.email,
      'Sue Solo': null,
    });
    await setUser([w.sue.id], { showEmail: true });
    expect(emails((await list(w, 'lea')).items)['Sue Solo']).toBe(w.sue.email);
  });

  it('shows the enrollment’s looking flag and note, and filters on it', async () => {
    const w = await world(app);
    await setLooking(w.course.id, w.sue.id, 'backend, free Tue/Thu');
    const all = await list(w, 'lea');
    expect(all.items.find((c) => c.userId === w.sue.id)).toMatchObject({
      lookingForTeam: true,
      lookingNote: 'backend, free Tue/Thu',
    });
    expect(all.items.find((c) => c.userId === w.max.id)).toMatchObject({ lookingForTeam: false });
    const looking = await list(w, 'lea', '?looking=true');
    expect(looking.items.map((c) => c.fullname)).toEqual(['Sue Solo']);
    expect(looking.total).toBe(1);
  });

  it('matchedSkills and sort=match: the skills my team wants first, looking ones first among equals', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    await db
      .update(teams)
      .set({ wantedSkills: ['SQL', 'React'] })
      .where(eq(teams.id, w.team.id));
    const ann = await enrolledStudent(w.course.id, 'Ann Able');
    const ben = await enrolledStudent(w.course.id, 'Ben Busy');
    const cal = await enrolledStudent(w.course.id, 'Cal Calm');
    await setUser([ann.id], { skills: ['sql', 'React'] });
    await setUser([ben.id, cal.id], { skills: ['SQL', 'Go'] });
    await setUser([w.sue.id], { skills: ['Go', 'react'] });
    await setLooking(w.course.id, ben.id);

    const byMatch = await list(w, 'lea', '?sort=match');
    expect(byMatch.items.map((c) => [c.fullname, c.matchedSkills])).toEqual([
      ['Ann Able', ['sql', 'React']],
      ['Ben Busy', ['SQL']],
      ['Cal Calm', ['SQL']],
      ['Sue Solo', ['react']],
      ['Max Member', []],
      ['Mia Member', []],
    ]);
    // Looking first among equals: Cal looks too now, and Ben stops.
    await setLooking(w.course.id, cal.id);
    await db
      .update(enrollments)
      .set({ lookingForTeam: false })
      .where(eq(enrollments.userId, ben.id));
    const again = await list(w, 'lea', '?sort=match&limit=3');
    expect(again.items.map((c) => c.fullname)).toEqual(['Ann Able', 'Cal Calm', 'Ben Busy']);
    expect(again.total).toBe(6);
    // By name, the default.
    expect((await list(w, 'lea')).items.map((c) => c.fullname)).toEqual([
      'Ann Able',
      'Ben Busy',
      'Cal Calm',
      'Max Member',
      'Mia Member',
      'Sue Solo',
    ]);
    // A member who does not lead has no team's wants to match.
    const asMax = await list(w, 'max', '?sort=match');
    expect(asMax.items.every((c) => c.matchedSkills.length === 0)).toBe(true);
    const bad = await call(app, 'GET', `/student/courses/${w.course.id}/students?sort=x`, w.as.lea);
    expect(bad.statusCode).toBe(400);
  });
});
