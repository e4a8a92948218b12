// Health, export, histories and the nudge send a fixed number of statements whatever the size
// of the course (issue 15, decision 118).
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp, statementsDuring } from '../../helper.js';
import { call, enrolledStudent, pendingRequest, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

/** Statements one call sends, others' left out (statementsDuring), and its transaction's own. */
async function statementsFor(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  status = 200,
): Promise<number> {
  const texts = await statementsDuring(app, async () => {
    const res = await call(app, method, url, headers);
    expect(res.statusCode, res.body).toBe(status);
  });
  return texts.filter((text) => !/^(begin|commit)\b/i.test(text)).length;
}

async function reads(w: World, at: string): Promise<number[]> {
  const urls = [
    `/admin/courses/${w.course.id}/health`,
    `/admin/courses/${w.course.id}/teams.csv`,
    `/admin/courses/${w.course.id}/teams.csv?at=${encodeURIComponent(at)}`,
    `/admin/courses/${w.course.id}/students/${w.lea.id}/team-history`,
  ];
  const counts: number[] = [];
  for (const url of urls) {
    await call(app, 'GET', url, w.as.adminA); // warm-up
    counts.push(await statementsFor('GET', url, w.as.adminA));
  }
  const mine = `/student/courses/${w.course.id}/team-history`;
  await call(app, 'GET', mine, w.as.lea);
  counts.push(await statementsFor('GET', mine, w.as.lea));
  return counts;
}

describe('statements per call', () => {
  it('counts the same for one team or twenty-one', async () => {
    const w = await world(app);
    const lone = await enrolledStudent(w.course.id, 'Lone Wolf');
    const first = await makeTeam(w.course.id, lone.id, { name: 'Lone' });
    const at = new Date().toISOString();
    const small = await reads(w, at);
    expect(small).toEqual([1, 1, 1, 1, 1]);
    const nudgeSmall = await statementsFor('POST', `/admin/teams/${first.id}/nudge`, w.as.adminA);

    for (let i = 0; i < 20; i++) {
      const a = await enrolledStudent(w.course.id, `Ann ${i}`);
      const b = await enrolledStudent(w.course.id, `Ben ${i}`);
      const team = await makeTeam(w.course.id, a.id, { name: `Team ${i}`, members: [b.id] });
      await pendingRequest(team, (await enrolledStudent(w.course.id, `Cy ${i}`)).id);
    }
    const big = await makeTeam(w.course.id, (await enrolledStudent(w.course.id, 'Big')).id, {
      name: 'Big',
    });
    expect(await reads(w, at)).toEqual(small);
    expect(await statementsFor('POST', `/admin/teams/${big.id}/nudge`, w.as.adminA)).toBe(
      nudgeSmall,
    );
  });
});
