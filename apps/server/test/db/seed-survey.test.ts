// The demo's survey (issue 27): CS301's survey is open, most students answered it, Maya has not,
// the answers fit their questions, and the instructor's preview places by criteria at once with
// every hard constraint it can keep kept.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FormationProposal } from '@teamup/shared';
import { queryRows } from '../../src/modules/csv/apply-roster.js';
import { readSurveyForFormation } from '../../src/lib/survey-sql.js';
import { seedDemo } from '../../src/db/seed.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../helper.js';

describe('demo survey', () => {
  it('seeds CS301’s open survey with answers, once, and its preview places by criteria', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    const [course] = await queryRows<{ id: string }>(
      db,
      sql`select c.id from courses c join organizations o on o.id = c.organization_id
          where o.slug = 'northfield' and c.code = 'CS301'`,
    );
    const survey = await readSurveyForFormation(db, course!.id);
    expect(survey).not.toBeNull();
    expect(survey!.questions.length).toBeGreaterThanOrEqual(6);
    const [counts] = await queryRows<{ total: number; submitted: number; maya: number }>(
      db,
      sql`select count(*)::int as total, count(submitted_at)::int as submitted,
            count(*) filter (where u.email = 'maya.chen@student.northfield.edu')::int as maya
          from survey_responses r join users u on u.id = r.user_id where r.course_id = ${course!.id}`,
    );
    expect(counts!.total).toBeGreaterThanOrEqual(15);
    expect(counts!.submitted).toBeLessThan(counts!.total);
    expect(counts!.maya).toBe(0);
    // Every stored answer fits its question (none dropped by the formation read).
    const stored = await queryRows<{ n: number }>(
      db,
      sql`select sum((select count(*) from jsonb_object_keys(answers)))::int as n
          from survey_responses where course_id = ${course!.id}`,
    );
    const read = [...survey!.answers.values()].reduce((n, a) => n + Object.keys(a).length, 0);
    expect(read).toBe(stored[0]!.n);

    // A second seed changes nothing.
    await seedDemo(db);
    const again = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from survey_responses where course_id = ${course!.id}`,
    );
    expect(again[0]!.n).toBe(counts!.total);

    const app = await buildTestApp();
    const alan = bearer((await signIn(app, 'alan.turing@northfield.edu')).token);
    const res = await app.inject({
      method: 'POST',
      url: `${API}/admin/courses/${course!.id}/formation/preview`,
      headers: alan,
      payload: { seed: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const proposal = res.json().data as FormationProposal;
    expect(proposal.criteria).not.toBeNull();
    // The constraints it may report: those of teams students formed before the survey (kept
    // whole), and a placed student isolated only when no other placed student shares the answer
    // (which of the demo's students have teams differs with the seed's order of rows).
    const placed = new Set(proposal.placements.map((p) => p.userId));
    const answerOf = (userId: string, questionId: string) =>
      JSON.stringify(survey!.answers.get(userId)?.[questionId] ?? null);
    for (const v of proposal.criteria!.violations) {
      const mine = v.userIds.filter((id) => placed.has(id));
      if (mine.length === 0) {
        expect(proposal.teams.find((t) => t.key === v.teamKey)!.teamId).not.toBeNull();
        continue;
      }
      expect(v.kind, JSON.stringify(v)).toBe('ISOLATED');
      const gender = survey!.questions.find((q) => q.type === 'DEMOGRAPHIC')!.id;
      const alike = [...placed].filter(
        (id) => id !== mine[0] && answerOf(id, gender) === answerOf(mine[0]!, gender),
      );
      expect(alike, JSON.stringify(v)).toEqual([]);
    }
    expect(proposal.placements.length).toBeGreaterThan(0);
    expect(proposal.criteria!.lowestScore).toBeGreaterThan(0);
  }, 60_000);
});
