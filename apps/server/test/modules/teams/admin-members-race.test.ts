// Admin moves under concurrency. Meaningful on PostgreSQL, where requests truly overlap; on
// PGlite they run one after another and must give the same end state.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp, driver, getWorkerDb } from '../../helper.js';
import {
  auditRows,
  call,
  enrolledStudent,
  memberIds,
  teamOfIn,
  teamRow,
  untilWaitingForLocks,
  world,
} from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

describe('admin moves racing', () => {
  it('moves in opposite directions between two teams never deadlock and keep counts right', async () => {
    const w = await world(app);
    const students = await Promise.all(
      ['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4'].map((n) => enrolledStudent(w.course.id, n)),
    );
    const [a1, a2, a3, a4, b1, b2, b3, b4] = students;
    const x = await makeTeam(w.course.id, a1!.id, {
      name: 'X',
      maxSize: 8,
      members: [a2!.id, a3!.id, a4!.id],
    });
    const y = await makeTeam(w.course.id, b1!.id, {
      name: 'Y',
      maxSize: 8,
      members: [b2!.id, b3!.id, b4!.id],
    });

    const moves = [
      ...[a2, a3, a4].map((s) => ({ to: y.id, userId: s!.id })),
      ...[b2, b3, b4].map((s) => ({ to: x.id, userId: s!.id })),
    ];
    const results = await Promise.all(
      moves.map((m, i) =>
        call(app, 'POST', `/admin/teams/${m.to}/members`, i % 2 ? w.as.adminA : w.as.superadmin, {
          userId: m.userId,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(moves.map(() => 200));
    for (const m of moves) expect(await teamOfIn(w.course.id, m.userId)).toBe(m.to);
    for (const team of [x, y]) {
      expect((await teamRow(team.id)).memberCount).toBe((await memberIds(team.id)).length);
      expect((await memberIds(team.id)).length).toBe(4);
    }
  });

  it('ten admins adding ten students to a team with one free seat: one success, nine TEAM_FULL', async () => {
    const w = await world(app);
    const students = await Promise.all(
      Array.from({ length: 10 }, (_, i) => enrolledStudent(w.course.id, `Racer ${i}`)),
    );
    const results = await Promise.all(
      students.map((s, i) =>
        call(
          app,
          'POST',
          `/admin/teams/${w.team.id}/members`,
          i % 2 ? w.as.adminA : w.as.superadmin,
          {
            userId: s.id,
          },
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().code).toBe('TEAM_FULL');
    }
    expect(await teamRow(w.team.id)).toMatchObject({ memberCount: 4, maxSize: 4 });
    expect(await memberIds(w.team.id)).toHaveLength(4);
  });

  // Needs two truly concurrent transactions: PostgreSQL only (PGlite has one connection).
  it.skipIf(driver !== 'postgres')(
    "a student who joins a team while an admin's add waits for the lock: STUDENT_TEAM_CHANGED, nothing written",
    async () => {
      const w = await world(app);
      const bo = await enrolledStudent(w.course.id, 'Bo Beta');
      const beta = await makeTeam(w.course.id, bo.id, { name: 'Beta', maxSize: 3 });
      const { db } = await getWorkerDb();

      let locked!: () => void;
      let release!: () => void;
      const haveLock = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      // Another change holds Alpha's lock and puts Sue into Beta meanwhile.
      const other = db.transaction(async (tx) => {
        await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, w.team.id)).for('update');
        locked();
        await released;
        await tx
          .insert(teamMembers)
          .values({ teamId: beta.id, userId: w.sue.id, courseId: w.course.id });
        await tx
          .update(teams)
          .set({ memberCount: sql`${teams.memberCount} + 1` })
          .where(eq(teams.id, beta.id));
      });
      await haveLock;
      // The admin saw Sue without a team, then queues on Alpha's lock.
      const adding = call(app, 'POST', `/admin/teams/${w.team.id}/members`, w.as.adminA, {
        userId: w.sue.id,
      });
      expect(await untilWaitingForLocks(1)).toBe(1);
      release();
      await other;

      const res = await adding;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'STUDENT_TEAM_CHANGED',
        message:
          "The student's team changed just now (they joined or left a team); look again and retry",
      });
      expect(await teamOfIn(w.course.id, w.sue.id)).toBe(beta.id);
      expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id, w.mia.id]);
      expect(await auditRows(w.team.id)).toEqual([]);
    },
  );
});
