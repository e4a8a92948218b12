// Issue 36 (decision 154): course sections (roster file, manual add, roster list and filter, the
// course's section counts) and placement within them; team sizes per team (a size plan).
import type { FastifyInstance } from 'fastify';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormationApplyBody, FormationProposal } from '@teamup/shared';
import { auditEvents, enrollments, teamMembers, teams } from '../../../src/db/schema/index.js';
import { buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { uploadRoster, waitForUpload } from '../csv/csv-api.js';
import { call, enrolledStudent, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({}, { csvWorker: { pollIntervalMs: 50 } });
});

const preview = (w: World, body: Record<string, unknown> = { seed: 7 }, headers = w.as.adminA) =>
  call(app, 'POST', `/admin/courses/${w.course.id}/formation/preview`, headers, body);
const apply = (w: World, body: FormationApplyBody, headers = w.as.adminA) =>
  call(app, 'POST', `/admin/courses/${w.course.id}/formation/apply`, headers, body as never);
const asBody = (p: FormationProposal): FormationApplyBody => ({
  fingerprint: p.fingerprint,
  seed: p.seed,
  newTeams: p.teams
    .filter((t) => !t.teamId)
    .map((t) => ({ key: t.key, name: t.name, maxSize: t.maxSize })),
  placements: p.placements.map((x) => ({ userId: x.userId, teamKey: x.teamKey })),
});

async function setSection(courseId: string, userId: string, section: string | null) {
  const { db } = await getWorkerDb();
  await db
    .update(enrollments)
    .set({ section })
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
}

async function snapshot(courseId: string) {
  const { db } = await getWorkerDb();
  const [[m], [a], [t]] = await Promise.all([
    db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.courseId, courseId)),
    db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.courseId, courseId)),
    db
      .select({ n: count() })
      .from(teams)
      .where(and(eq(teams.courseId, courseId), isNull(teams.disbandedAt))),
  ]);
  return { members: m!.n, audits: a!.n, teams: t!.n };
}

/** Course A101 (2–4) with Alpha (Lea, Max, Mia: section A); `a` and `b` more in A and B. */
async function sectioned(a: number, b: number, c = 0) {
  const w = await world(app);
  for (const u of [w.lea, w.max, w.mia, w.sue]) await setSection(w.course.id, u.id, 'A');
  const section = new Map<string, string>([
    [w.sue.id, 'A'],
    [w.lea.id, 'A'],
    [w.max.id, 'A'],
    [w.mia.id, 'A'],
  ]);
  const add = async (name: string, s: string) => {
    const u = await enrolledStudent(w.course.id, name);
    await setSection(w.course.id, u.id, s);
    section.set(u.id, s);
    return u;
  };
  for (let i = 0; i < a; i++) await add(`Ann A${i}`, 'A');
  for (let i = 0; i < b; i++) await add(`Bea B${i}`, 'B');
  for (let i = 0; i < c; i++) await add(`Cy C${i}`, 'C');
  return { w, section };
}

describe('sections on the roster', () => {
  it('a roster file with a section column sets sections, a re-upload changes them; the roster filters by one', async () => {
    const w = await world(app);
    const token = (await signIn(app, w.adminA.email)).token;
    const file = [
      'email,fullname,section',
      `${w.sue.email},Sue Solo,A`,
      'new1@example.edu,New One,  B ',
      'new2@example.edu,New Two,',
      `bad@example.edu,Too Long,${'x'.repeat(61)}`,
    ].join('\n');
    const result = await waitForUpload(
      app,
      token,
      await uploadRoster(app, token, w.course.id, file),
    );
    expect(result.status).toBe('COMPLETED');
    expect(result.errors).toEqual([
      expect.objectContaining({ row: 5, reason: 'Section is longer than 60 characters' }),
    ]);
    const { db } = await getWorkerDb();
    const rows = await db
      .select({ email: enrollments.email, section: enrollments.section })
      .from(enrollments)
      .where(eq(enrollments.courseId, w.course.id));
    const by = Object.fromEntries(rows.map((r) => [r.email, r.section]));
    expect(by[w.sue.email]).toBe('A');
    expect(by['new1@example.edu']).toBe('B');
    expect(by['new2@example.edu']).toBeNull();
    // Again: Sue moves to B; a row without a section keeps New One's.
    const again = `email,section\n${w.sue.email},B\nnew1@example.edu,\n`;
    await waitForUpload(app, token, await uploadRoster(app, token, w.course.id, again));
    const list = await call(
      app,
      'GET',
      `/admin/course/${w.course.id}/students?section=B&limit=50`,
      w.as.adminA,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.items.map((e: { email: string; section: string }) => [e.email, e.section])
        .sort(),
    ).toEqual([
      ['new1@example.edu', 'B'],
      [w.sue.email, 'B'],
    ]);
    const course = await call(app, 'GET', `/courses/${w.course.id}`, w.as.adminA);
    expect(course.json().data.sections).toEqual([{ name: 'B', activeStudents: 1 }]);
  });

  it('a manual add takes an optional section; a bad one is 400; another organization gets 404', async () => {
    const w = await world(app);
    const add = (body: Record<string, unknown>, headers = w.as.adminA) =>
      call(app, 'POST', '/admin/students/manual-add', headers, {
        courseId: w.course.id,
        ...body,
      });
    const ok = await add({ email: 'hand@example.edu', fullname: 'Hand Added', section: ' Lab 2 ' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.section).toBe('Lab 2');
    const none = await add({ email: 'none@example.edu', fullname: 'No Section', section: '' });
    expect(none.json().data.section).toBeNull();
    const bad = await add({ email: 'bad@example.edu', fullname: 'Bad', section: 'y'.repeat(61) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
    const hostile = await add(
      { email: 'hostile@example.edu', fullname: 'Hostile', section: 'A' },
      w.as.adminB,
    );
    expect(hostile.statusCode).toBe(404);
    // Nor can the other organization read the sections.
    const read = await call(
      app,
      'GET',
      `/admin/course/${w.course.id}/students?section=Lab%202`,
      w.as.adminB,
    );
    expect(read.statusCode).toBe(404);
    const { db } = await getWorkerDb();
    const [n] = await db
      .select({ n: count() })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.courseId, w.course.id),
          sql`${enrollments.email} in ('bad@example.edu', 'hostile@example.edu')`,
        ),
      );
    expect(n!.n).toBe(0);
  });
});

describe('placement within sections', () => {
  it('places each section into its own teams, names new teams by section, and applies', async () => {
    const { w, section } = await sectioned(3, 6);
    const res = await preview(w);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<{ data: FormationProposal }>().data;
    expect(p.options.bySection).toBe(true);
    expect(p.sections.map((s) => [s.name, s.students])).toEqual([
      ['A', 4],
      ['B', 6],
    ]);
    const teamSection = new Map<string, string | null>(p.teams.map((t) => [t.key, t.section]));
    for (const x of p.placements) expect(teamSection.get(x.teamKey)).toBe(section.get(x.userId));
    const newNames = p.teams.filter((t) => !t.teamId).map((t) => t.name);
    expect(newNames.length).toBeGreaterThan(0);
    for (const n of newNames) expect(n).toMatch(/^A101 · Section [AB] · Team \d+$/);
    expect(p.placements).toHaveLength(10);
    const done = await apply(w, asBody(p));
    expect(done.statusCode, done.body).toBe(200);
    // Sections off: one placement for the class, no sections reported.
    const w2 = (await sectioned(1, 2)).w;
    const whole = (await preview(w2, { seed: 7, bySection: false })).json().data;
    expect(whole.options.bySection).toBe(false);
    expect(whole.sections).toEqual([]);
  });

  it('reports a section too small for a team and a team that spans sections', async () => {
    const { w, section } = await sectioned(2, 4, 1);
    // Alpha gets a member of B: its members span sections, nobody is added to it.
    await setSection(w.course.id, w.mia.id, 'B');
    section.set(w.mia.id, 'B');
    const p = (await preview(w)).json<{ data: FormationProposal }>().data;
    const alpha = p.teams.find((t) => t.teamId === w.team.id)!;
    expect(alpha.locked).toBe(true);
    expect(p.placements.some((x) => x.teamKey === w.team.id)).toBe(false);
    expect(p.summary.notes).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Alpha has members in more than one section'),
        expect.stringContaining('Section C has 1 student, fewer than the minimum team size of 2'),
      ]),
    );
    expect(p.sections.find((s) => s.name === 'C')!.note).toContain('fewer than the minimum');
    const teamSection = new Map(p.teams.map((t) => [t.key, t.section]));
    for (const x of p.placements) expect(teamSection.get(x.teamKey)).toBe(section.get(x.userId));
  });

  it('the fingerprint covers sections: a student moved to another section makes the proposal stale', async () => {
    const { w } = await sectioned(1, 3);
    const p = (await preview(w)).json<{ data: FormationProposal }>().data;
    const moved = p.placements[0]!.userId;
    await setSection(w.course.id, moved, 'Z');
    const before = await snapshot(w.course.id);
    const res = await apply(w, asBody(p));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STALE_PROPOSAL');
    expect(await snapshot(w.course.id)).toEqual(before);
  });
});

describe('team sizes per team', () => {
  it('refuses a bad plan with 400 and changes nothing', async () => {
    const w = await world(app);
    for (let i = 0; i < 6; i++) await enrolledStudent(w.course.id, `Pat P${i}`);
    const before = await snapshot(w.course.id);
    for (const sizePlan of [
      [{ size: 1, count: 1 }],
      [{ size: 51, count: 1 }],
      [{ size: 4, count: 0 }],
      [{ size: 4, count: 1.5 }],
      [
        { size: 4, count: 1 },
        { size: 4, count: 2 },
      ],
      Array.from({ length: 11 }, (_, i) => ({ size: i + 3, count: 1 })),
      [{ size: 6, count: 1, project: 'x' }],
    ]) {
      const res = await preview(w, { seed: 1, sizePlan });
      expect(res.statusCode, JSON.stringify(sizePlan)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    // Under the course's minimum (3 here).
    const { db } = await getWorkerDb();
    await db.execute(sql`update courses set team_size_min = 3 where id = ${w.course.id}`);
    const small = await preview(w, { seed: 1, sizePlan: [{ size: 2, count: 1 }] });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toContain("under the course's minimum of 3");
    expect(await snapshot(w.course.id)).toEqual(before);
  });

  it('honours the plan (2 teams of 6, the rest at the course sizes) and apply creates them at their size', async () => {
    const w = await world(app);
    for (let i = 0; i < 17; i++) await enrolledStudent(w.course.id, `Pat P${i}`);
    // 18 teamless (Sue + 17), Alpha has one seat: 2 × 6 = 12, the rest fill Alpha and teams of 2–4.
    const res = await preview(w, { seed: 3, sizePlan: [{ size: 6, count: 2 }] });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<{ data: FormationProposal }>().data;
    expect(p.options.sizePlan).toEqual([{ size: 6, count: 2 }]);
    const sizeOf = (key: string) => p.placements.filter((x) => x.teamKey === key).length;
    const fresh = p.teams.filter((t) => !t.teamId).map((t) => sizeOf(t.key));
    expect(fresh.filter((n) => n === 6)).toHaveLength(2);
    for (const n of fresh.filter((n) => n !== 6)) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
    expect(p.placements).toHaveLength(18);
    const done = await apply(w, asBody(p));
    expect(done.statusCode, done.body).toBe(200);
    const { db } = await getWorkerDb();
    const sizes = await db
      .select({ max: teams.maxSize, n: teams.memberCount })
      .from(teams)
      .where(and(eq(teams.courseId, w.course.id), isNull(teams.disbandedAt)));
    expect(sizes.filter((t) => t.max === 6 && t.n === 6)).toHaveLength(2);
    // A plan larger than the class: the teams that fit, and a note.
    const w2 = await world(app);
    const small = (await preview(w2, { seed: 3, sizePlan: [{ size: 6, count: 2 }] })).json().data;
    expect(small.summary.notes).toEqual([
      expect.stringContaining('2 teams of the size plan could not be formed'),
    ]);
  });

  it('apply refuses a new team over its planned size', async () => {
    const w = await world(app);
    for (let i = 0; i < 5; i++) await enrolledStudent(w.course.id, `Pat P${i}`);
    const p = (await preview(w, { seed: 3, sizePlan: [{ size: 6, count: 1 }] })).json().data;
    const body = asBody(p);
    const before = await snapshot(w.course.id);
    const res = await apply(w, {
      ...body,
      newTeams: body.newTeams.map((t) => ({ ...t, maxSize: 4 })),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TEAM_FULL');
    expect(await snapshot(w.course.id)).toEqual(before);
  });
});
