// Teams say what they need (issue 12): wanted skills on create and edit, matched against the
// caller's skills in summaries and details, and sort=match on a course's list.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TeamSummary } from '@teamup/shared';
import { teams, users } from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { auditRows, call, detailOf, enrolledStudent, world, type World } from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

async function setSkills(userId: string, skills: string[]) {
  const { db } = await getWorkerDb();
  await db.update(users).set({ skills }).where(eq(users.id, userId));
}

async function setWanted(teamId: string, wantedSkills: string[]) {
  const { db } = await getWorkerDb();
  await db.update(teams).set({ wantedSkills }).where(eq(teams.id, teamId));
}

async function wantedOf(teamId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({ wantedSkills: teams.wantedSkills })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row!.wantedSkills;
}

const eleven = Array.from({ length: 11 }, (_, i) => `Skill ${i}`);

describe('wanted skills', () => {
  it('are set at creation and matched against my skills whatever the case, as the team typed them', async () => {
    const w = await world(app);
    await setSkills(w.sue.id, [' typescript', 'SQL', 'Figma']);
    const res = await call(app, 'POST', `/student/courses/${w.course.id}/teams`, w.as.sue, {
      name: 'Bravo',
      wantedSkills: ['TypeScript', 'Go', 'sql'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      wantedSkills: ['TypeScript', 'Go', 'sql'],
      matchedSkills: ['TypeScript', 'sql'],
    });
    await setSkills(w.max.id, ['go']);
    const asMax = await detailOf(app, res.json().data.id, w.as.max);
    expect(asMax.matchedSkills).toEqual(['Go']);
  });

  it('the leader edits them (audited); a member may not; 11 skills is a 400 with nothing changed', async () => {
    const w = await world(app);
    const patch = (who: keyof World['as'], body: Record<string, unknown>) =>
      call(app, 'PATCH', `/student/teams/${w.team.id}`, w.as[who], body);
    const set = await patch('lea', { wantedSkills: ['React', 'Rust'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.wantedSkills).toEqual(['React', 'Rust']);
    expect(await auditRows(w.team.id)).toContainEqual(
      expect.objectContaining({
        action: 'TEAM_UPDATED',
        data: { before: { wantedSkills: [] }, after: { wantedSkills: ['React', 'Rust'] } },
      }),
    );
    expect((await patch('max', { wantedSkills: ['Go'] })).statusCode).toBe(403);

    const tooMany = await patch('lea', { wantedSkills: eleven });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(tooMany.json().details[0].path).toBe('wantedSkills');
    const twice = await patch('lea', { wantedSkills: ['Go', 'go'] });
    expect(twice.statusCode).toBe(400);
    expect(await wantedOf(w.team.id)).toEqual(['React', 'Rust']);

    const created = await call(app, 'POST', `/student/courses/${w.course.id}/teams`, w.as.sue, {
      name: 'Too greedy',
      wantedSkills: eleven,
    });
    expect(created.statusCode).toBe(400);
    const list = await call(app, 'GET', `/student/courses/${w.course.id}/teams`, w.as.sue);
    expect(list.json().data.total).toBe(1);
  });

  it('sort=match lists the teams wanting most of my skills first, then by name', async () => {
    const w = await world(app);
    const leader = async (name: string) => enrolledStudent(w.course.id, name);
    const zed = await makeTeam(w.course.id, (await leader('Zed Z')).id, { name: 'Zulu' });
    const bob = await makeTeam(w.course.id, (await leader('Bob B')).id, { name: 'Bravo' });
    const cat = await makeTeam(w.course.id, (await leader('Cat C')).id, { name: 'charlie' });
    await setWanted(zed.id, ['React', 'SQL']);
    await setWanted(bob.id, ['sql']);
    await setWanted(cat.id, ['Go', 'Rust']);
    await setWanted(w.team.id, ['Docker']);
    await setSkills(w.sue.id, ['sql', 'react', 'Docker']);
    const list = async (query: string) => {
      const res = await call(app, 'GET', `/student/courses/${w.course.id}/teams${query}`, w.as.sue);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { items: TeamSummary[]; total: number } }>().data;
    };
    const byMatch = await list('?sort=match');
    expect(byMatch.items.map((t) => [t.name, t.matchedSkills])).toEqual([
      ['Zulu', ['React', 'SQL']],
      ['Alpha', ['Docker']],
      ['Bravo', ['sql']],
      ['charlie', []],
    ]);
    expect(byMatch.total).toBe(4);
    expect((await list('')).items.map((t) => t.name)).toEqual([
      'Alpha',
      'Bravo',
      'charlie',
      'Zulu',
    ]);
    // Pages of the sorted list, with the same total.
    const second = await list('?sort=match&page=2&limit=2');
    expect(second.items.map((t) => t.name)).toEqual(['Bravo', 'charlie']);
    expect(second.total).toBe(4);
    // With a filter as well.
    expect((await list('?sort=match&search=a')).items.map((t) => t.name)).toEqual([
      'Alpha',
      'Bravo',
      'charlie',
    ]);
    const bad = await call(app, 'GET', `/student/courses/${w.course.id}/teams?sort=nope`, w.as.sue);
    expect(bad.statusCode).toBe(400);
  });
});
