// Availability across time zones (issue 36, decision 153) through the API: the question's grid
// zone, meeting length and minimum shared time are saved or refused (400, nothing saved); a
// student answers in their own zone (hours outside the course's window, read in that zone, are
// 422 and nothing is saved); the preview reads those hours in the course's zone, counts blocks,
// and keeps the minimum shared time as a rule (listed) or names the team it cannot keep it for.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdminSurveyView,
  FormationProposal,
  StudentSurveyView,
  SurveyQuestion,
} from '@teamup/shared';
import { buildTestApp, driver, getWorkerDb } from '../../helper.js';
import { teamWorld, type TeamWorld } from '../teams/requests-world.js';
import { Q, QUESTIONS, inject, openDates } from './survey-world.js';

const hour = (day: number, h: number) => day * 24 + h;
const availability = QUESTIONS[0] as Extract<SurveyQuestion, { type: 'AVAILABILITY' }>;

describe(`availability in each student's time zone (${driver})`, () => {
  let app: FastifyInstance;
  let w: TeamWorld;
  const adminUrl = () => `/admin/courses/${w.course.id}/survey`;
  const responseUrl = () => `/student/courses/${w.course.id}/survey/response`;

  beforeAll(async () => {
    app = await buildTestApp({}, { mail: false });
  });

  beforeEach(async () => {
    w = await teamWorld(app);
  });

  const view = async () => {
    const res = await inject(app, 'GET', adminUrl(), w.as.adminA);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminSurveyView }>().data;
  };
  const putQuestion = async (q: Partial<typeof availability>, version: number) =>
    inject(app, 'PUT', adminUrl(), w.as.adminA, {
      version,
      questions: [{ ...availability, ...q }],
      ...openDates(),
    });
  const answer = (headers: Record<string, string>, timeZone: string | undefined, hours: number[]) =>
    inject(app, 'PUT', responseUrl(), headers, {
      answers: { [Q.hours]: { type: 'AVAILABILITY', ...(timeZone ? { timeZone } : {}), hours } },
      submit: true,
    });

  it("saves the grid's zone, meeting length and minimum; offers the organization's zone", async () => {
    const { db } = await getWorkerDb();
    await db.execute(
      sql`update organizations set default_time_zone = 'Europe/Paris' where id = ${w.orgA.id}`,
    );
    expect((await view()).defaultTimeZone).toBe('Europe/Paris');
    const settings = { timeZone: 'Europe/Paris', meetingHours: 2, minSharedHours: 4 };
    const res = await putQuestion(settings, 0);
    expect(res.statusCode, res.body).toBe(200);
    expect((await view()).survey!.questions[0]).toEqual({ ...availability, ...settings });
  });

  it('refuses a zone it does not know, blocks that do not fit, a minimum out of range: 400, nothing saved', async () => {
    expect((await putQuestion({}, 0)).statusCode).toBe(200);
    const bad: Partial<typeof availability>[] = [
      { timeZone: 'Mars/Olympus' },
      { timeZone: '' },
      { meetingHours: 0 },
      { meetingHours: 5 },
      { fromHour: 9, toHour: 11, meetingHours: 3 },
      { minSharedHours: -1 },
      { minSharedHours: 41 },
      { fromHour: 9, toHour: 10, minSharedHours: 8 },
      { meetingHours: 1.5 },
    ];
    for (const q of bad) {
      const res = await putQuestion(q, 1);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await view()).survey).toMatchObject({ version: 1, questions: [availability] });
  });

  it('takes hours in the student’s own zone inside the window read there, keeps the zone, refuses the rest', async () => {
    // The grid: 8:00–20:00 UTC; in Kolkata (UTC+5:30) that is 13:30–01:30 the next day.
    expect((await putQuestion({ timeZone: 'UTC' }, 0)).statusCode).toBe(200);
    const late = [hour(0, 23), hour(1, 0), hour(1, 1), hour(1, 13)];
    const ok = await answer(w.as.sue, 'Asia/Kolkata', late);
    expect(ok.statusCode, ok.body).toBe(200);
    const mine = await inject(app, 'GET', `/student/courses/${w.course.id}/survey`, w.as.sue);
    expect(mine.json<{ data: StudentSurveyView }>().data.response!.answers[Q.hours]).toEqual({
      type: 'AVAILABILITY',
      timeZone: 'Asia/Kolkata',
      hours: late,
    });

    // 02:00 and 12:00 in Kolkata are outside (20:30 and 06:30 UTC): refused, nothing saved.
    for (const hours of [[hour(1, 2)], [hour(1, 12)], [hour(1, 14), hour(3, 2)]]) {
      const res = await answer(w.as.sue, 'Asia/Kolkata', hours);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().details[0].message).toContain("UTC, the course's time zone");
    }
    // The same hours given without a zone are the grid's own: 23:00 UTC is outside.
    expect((await answer(w.as.sue, undefined, late)).statusCode).toBe(422);
    expect((await answer(w.as.sue, 'Nowhere/City', late)).statusCode).toBe(400);
    const again = await inject(app, 'GET', `/student/courses/${w.course.id}/survey`, w.as.sue);
    expect(again.json<{ data: StudentSurveyView }>().data.response!.answers[Q.hours]).toEqual({
      type: 'AVAILABILITY',
      timeZone: 'Asia/Kolkata',
      hours: late,
    });
  });

  it('places by the hours read in the course zone, in blocks, and keeps or names the minimum', async () => {
    // Monday 9–12 UTC for Lea, Max and Tom; Sue gives 14:00–18:00 in Kolkata, which is
    // 08:30–12:30 UTC: whole hours 9, 10 and 11. Read as UTC they would share nothing.
    const preview = async (minSharedHours: number, version: number) => {
      expect(
        (await putQuestion({ meetingHours: 2, minSharedHours, weight: 0 }, version)).statusCode,
      ).toBe(200);
      const res = await inject(
        app,
        'POST',
        `/admin/courses/${w.course.id}/formation/preview`,
        w.as.adminA,
        { seed: 3 },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: FormationProposal }>().data;
    };
    expect((await putQuestion({}, 0)).statusCode).toBe(200);
    const utc = [hour(0, 9), hour(0, 10), hour(0, 11)];
    for (const who of [w.as.lea, w.as.max, w.as.tom])
      expect((await answer(who, 'UTC', utc)).statusCode).toBe(200);
    const kolkata = [14, 15, 16, 17].map((h) => hour(0, h));
    expect((await answer(w.as.sue, 'Asia/Kolkata', kolkata)).statusCode).toBe(200);

    const kept = await preview(3, 1);
    const sueTeam = kept.placements.find((p) => p.userId === w.sue.id)!.teamKey;
    expect(kept.criteria!.rules).toEqual([
      {
        questionId: Q.hours,
        prompt: availability.prompt,
        kind: 'MIN_SHARED_TIME',
        weight: 0,
        options: [],
        schedule: { minSharedHours: 3, meetingHours: 2, timeZone: 'UTC' },
        broken: 0,
      },
    ]);
    expect(kept.criteria!.violations).toEqual([]);

    const broken = await preview(4, 2);
    expect(broken.placements.find((p) => p.userId === w.sue.id)!.teamKey).toBe(sueTeam);
    const team = broken.teams.find((t) => t.key === sueTeam)!;
    expect(broken.criteria!.violations).toEqual([
      expect.objectContaining({
        kind: 'SHARED_TIME',
        teamKey: sueTeam,
        detail: expect.stringContaining(
          `${team.name} shares 3 hours a week in 2-hour blocks; the rule of "${availability.prompt}" asks 4, but`,
        ),
      }),
    ]);
  });
});
