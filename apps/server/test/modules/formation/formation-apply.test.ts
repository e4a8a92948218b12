// Auto-placement over HTTP (issue 15, decision 116): preview changes nothing, apply places as
// the admin (audit, notifications, periods), stale proposals and bad edits are refused whole.
import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormationApplyBody, FormationProposal } from '@teamup/shared';
import {
  auditEvents,
  notifications,
  teamMembers,
  teamMembershipPeriods,
  teams,
} from '../../../src/db/schema/index.js';
import { makeEnrollment, makeTeam, makeUser } from '../../fixtures.js';
import { buildTestApp, driver, getWorkerDb } from '../../helper.js';
import {
  call,
  enrolledStudent,
  invitationStatus,
  pendingInvitation,
  pendingRequest,
  requestStatus,
  setCourse,
  teamRow,
  world,
  yesterday,
  type World,
} from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const preview = (w: World, body: Record<string, unknown> = { seed: 42 }, headers = w.as.adminA) =>
  call(app, 'POST', `/admin/courses/${w.course.id}/formation/preview`, headers, body);
const apply = (w: World, body: FormationApplyBody, headers = w.as.adminA) =>
  call(app, 'POST', `/admin/courses/${w.course.id}/formation/apply`, headers, body as never);

/** The proposal as apply takes it, unchanged. */
const asBody = (p: FormationProposal): FormationApplyBody => ({
  fingerprint: p.fingerprint,
  seed: p.seed,
  newTeams: p.teams.filter((t) => !t.teamId).map((t) => ({ key: t.key, name: t.name })),
  placements: p.placements.map((x) => ({ userId: x.userId, teamKey: x.teamKey })),
});

/** Alpha (Lea, Max, Mia; 4 seats), Beta (Bo alone; 3 seats), five more teamless students. */
async function setup() {
  const w = await world(app);
  const bo = await enrolledStudent(w.course.id, 'Bo Beta');
  const beta = await makeTeam(w.course.id, bo.id, { name: 'Beta', maxSize: 3 });
  const loose = [w.sue];
  for (const name of ['Ann One', 'Ben Two', 'Cal Three', 'Dee Four', 'Eve Five']) {
    loose.push(await enrolledStudent(w.course.id, name));
  }
  return { w, bo, beta, loose };
}

async function snapshot(courseId: string) {
  const { db } = await getWorkerDb();
  const [members, audits, live] = await Promise.all([
    db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.courseId, courseId)),
    db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.courseId, courseId)),
    db
      .select({ n: count() })
      .from(teams)
      .where(and(eq(teams.courseId, courseId), isNull(teams.disbandedAt))),
  ]);
  return { members: members[0]!.n, audits: audits[0]!.n, live: live[0]!.n };
}

describe('POST /admin/courses/{courseId}/formation/preview', () => {
  it('proposes without changing anything, the same for the same seed', async () => {
    const { w, beta, loose } = await setup();
    const request = await pendingRequest(beta, loose[1]!.id);
    await pendingInvitation(beta, loose[1]!.id);
    const before = await snapshot(w.course.id);
    const res = await preview(w);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<{ data: FormationProposal }>().data;
    expect(p.seed).toBe(42);
    expect(p.summary.placed).toBe(6);
    expect(p.unplaced).toEqual([]);
    // Ina is INACTIVE: not a candidate.
    expect(p.placements.map((x) => x.userId)).not.toContain(w.ina.id);
    const ann = p.placements.find((x) => x.userId === loose[1]!.id)!;
    expect(ann).toMatchObject({
      teamKey: beta.id,
      explanation: 'Asked to join Beta and was invited by it',
    });
    expect(await snapshot(w.course.id)).toEqual(before);
    expect(await requestStatus(request.id)).toBe('PENDING');
    const again = await preview(w);
    expect(again.body).toBe(res.body);
  });

  it('excludes chosen students and picks a seed when none is given', async () => {
    const { w, loose } = await setup();
    const res = await preview(w, { excludeUserIds: [loose[0]!.id] });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<{ data: FormationProposal }>().data;
    expect(typeof p.seed).toBe('number');
    expect(p.unplaced).toEqual([
      expect.objectContaining({
        reason: 'Excluded by the admin',
        student: expect.objectContaining({ userId: loose[0]!.id }),
      }),
    ]);
  });

  it('is for the admins of the course: other organization 404, student 403, archived 404', async () => {
    const { w } = await setup();
    expect((await preview(w, {}, w.as.adminB)).statusCode).toBe(404);
    expect((await preview(w, {}, w.as.sue)).statusCode).toBe(403);
    expect((await preview(w, {}, w.as.superadmin)).statusCode).toBe(200);
    await setCourse(w.course.id, { archivedAt: new Date() });
    const archived = await preview(w);
    expect(archived.statusCode).toBe(404);
    expect(archived.json().message).toBe('Course not found');
  });
});

describe('POST /admin/courses/{courseId}/formation/apply', () => {
  it('places everyone as the admin: audit, notifications, periods, cancelled requests (past the deadline too)', async () => {
    const { w, beta, loose } = await setup();
    await setCourse(w.course.id, { teamFormationDeadline: yesterday() });
    const request = await pendingRequest(w.team, loose[2]!.id);
    const invitation = await pendingInvitation(beta, loose[3]!.id);
    const p = (await preview(w)).json<{ data: FormationProposal }>().data;
    const res = await apply(w, asBody(p));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.placed).toBe(6);
    expect(data.createdTeams.length).toBe(p.summary.newTeams);
    // New teams carry the course's code: another course's "Team 1" is told apart from them.
    expect(p.summary.newTeams).toBeGreaterThan(0);
    expect(data.createdTeams.map((t: { name: string }) => t.name).sort()).toEqual(
      Array.from({ length: p.summary.newTeams }, (_, i) => `A101 Team ${i + 1}`),
    );

    const { db } = await getWorkerDb();
    const ids = loose.map((s) => s.id);
    const members = await db
      .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(inArray(teamMembers.userId, ids));
    expect(members).toHaveLength(6);
    const byKey = new Map(p.placements.map((x) => [x.userId, x.teamKey]));
    const newIds = new Map(
      p.teams
        .filter((t) => !t.teamId)
        .map((t) => [t.key, data.createdTeams.find((c: { name: string }) => c.name === t.name).id]),
    );
    for (const m of members) {
      const key = byKey.get(m.userId)!;
      expect(m.teamId).toBe(newIds.get(key) ?? key);
    }
    for (const team of [w.team.id, beta.id, ...newIds.values()]) {
      const row = await teamRow(team);
      const [n] = await db
        .select({ n: count() })
        .from(teamMembers)
        .where(eq(teamMembers.teamId, team));
      expect(row.memberCount).toBe(n!.n);
    }
    const added = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.courseId, w.course.id), eq(auditEvents.action, 'MEMBER_ADDED_BY_ADMIN')),
      );
    expect(added).toHaveLength(6);
    for (const a of added) {
      expect(a.actorId).toBe(w.adminA.id);
      expect(a.data).toMatchObject({ byAdmin: true, formation: true, seed: 42 });
    }
    const created = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.courseId, w.course.id), eq(auditEvents.action, 'TEAM_CREATED')));
    expect(created).toHaveLength(p.summary.newTeams);
    const notes = await db
      .select({ userId: notifications.userId, kind: notifications.kind })
      .from(notifications)
      .where(inArray(notifications.userId, ids));
    for (const id of ids) {
      expect(notes.filter((n) => n.userId === id && n.kind === 'PLACED_IN_TEAM')).toHaveLength(1);
    }
    const periods = await db
      .select({ userId: teamMembershipPeriods.userId })
      .from(teamMembershipPeriods)
      .where(and(inArray(teamMembershipPeriods.userId, ids), isNull(teamMembershipPeriods.leftAt)));
    expect(periods).toHaveLength(6);
    expect(await requestStatus(request.id)).toBe('CANCELLED');
    expect(await invitationStatus(invitation.id)).toBe('CANCELLED');
    const cancelled = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.courseId, w.course.id),
          inArray(auditEvents.action, ['REQUEST_CANCELLED', 'INVITATION_CANCELLED']),
        ),
      );
    expect(cancelled).toHaveLength(2);
    // Applying the same proposal again is stale: the course changed.
    const twice = await apply(w, asBody(p));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('STALE_PROPOSAL');
  });

  it('applies a placement the admin moved to another team', async () => {
    const { w, beta, loose } = await setup();
    const p = (await preview(w)).json<{ data: FormationProposal }>().data;
    const body = asBody(p);
    const moved = body.placements.find((x) => x.teamKey !== w.team.id)!;
    moved.teamKey = w.team.id;
    const already = body.placements.filter((x) => x.teamKey === w.team.id).length;
    if (already > 1) {
      // Alpha has one seat: move that one away first.
      const other = body.placements.find((x) => x.teamKey === w.team.id && x !== moved)!;
      other.teamKey = beta.id;
    }
    const res = await apply(w, body);
    expect(res.statusCode, res.body).toBe(200);
    const { db } = await getWorkerDb();
    const [row] = await db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, moved.userId));
    expect(row!.teamId).toBe(w.team.id);
    expect(loose.length).toBe(6);
  });

  it('refuses invalid edits whole: twice, over capacity, unknown team, taken name, not a student', async () => {
    const { w, bo, loose } = await setup();
    const p = (await preview(w)).json<{ data: FormationProposal }>().data;
    const before = await snapshot(w.course.id);
    const base = asBody(p);
    const cases: [FormationApplyBody, number, string][] = [
      [
        { ...base, placements: [...base.placements, base.placements[0]!] },
        400,
        'A student is placed twice',
      ],
      [
        { ...base, placements: loose.map((s) => ({ userId: s.id, teamKey: w.team.id })) },
        409,
        'Alpha would have 9 members; it takes at most 4',
      ],
      [
        { ...base, placements: [{ userId: loose[0]!.id, teamKey: 'new-99' }] },
        400,
        'Team new-99 is neither a live team of the course nor a new team',
      ],
      [
        { ...base, newTeams: [{ key: 'new-1', name: 'alpha' }] },
        400,
        'The name "alpha" is already taken by another team of the course',
      ],
      [
        { ...base, placements: [{ userId: w.ina.id, teamKey: w.team.id }] },
        400,
        'A placed student is not an active student of the course without a team (or a member of one of its teams)',
      ],
      [
        {
          ...base,
          placements: [
            { userId: bo.id, teamKey: w.team.id },
            { userId: w.lea.id, teamKey: 'new-1' },
          ],
        },
        400,
        'The leader of Alpha can only move with the whole team; move the other members instead',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await apply(w, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await snapshot(w.course.id)).toEqual(before);
  });

  it('refuses a stale proposal (a join, a size change, a new enrollment) and writes nothing', async () => {
    const { w, beta, loose } = await setup();
    const changes: (() => Promise<unknown>)[] = [
      async () => {
        const { db } = await getWorkerDb();
        await db
          .insert(teamMembers)
          .values({ teamId: beta.id, userId: loose[0]!.id, courseId: w.course.id });
        await db.update(teams).set({ memberCount: 2 }).where(eq(teams.id, beta.id));
      },
      async () => {
        const { db } = await getWorkerDb();
        await db.update(teams).set({ maxSize: 4 }).where(eq(teams.id, beta.id));
      },
      async () => {
        const user = await makeUser({ fullname: 'Newcomer' });
        await makeEnrollment(w.course.id, { email: user.email, userId: user.id });
      },
    ];
    for (const change of changes) {
      const p = (await preview(w)).json<{ data: FormationProposal }>().data;
      await change();
      const before = await snapshot(w.course.id);
      const res = await apply(w, asBody(p));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'STALE_PROPOSAL' });
      expect(res.json().message).toMatch(/preview again/);
      expect(await snapshot(w.course.id)).toEqual(before);
    }
  });

  it("refuses a seed that is not the preview's (it is recorded as the proposal's origin)", async () => {
    const { w } = await setup();
    const p = (await preview(w)).json<{ data: FormationProposal }>().data;
    const before = await snapshot(w.course.id);
    for (const seed of [p.seed + 1, 0]) {
      const res = await apply(w, { ...asBody(p), seed });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'STALE_PROPOSAL' });
    }
    expect(await snapshot(w.course.id)).toEqual(before);
    // The same proposal with its own seed still applies.
    expect((await apply(w, asBody(p))).statusCode).toBe(200);
  });

  it('merges teams under the minimum: members move, the emptied team is disbanded', async () => {
    const { w, bo, beta, loose } = await setup();
    // Only Beta (1) and Gamma (1) are short; the teamless students are excluded.
    const gus = await enrolledStudent(w.course.id, 'Gus Gamma');
    const gamma = await makeTeam(w.course.id, gus.id, { name: 'Gamma', maxSize: 3 });
    const p = (
      await preview(w, {
        seed: 1,
        mergeUnderMinimum: true,
        excludeUserIds: loose.map((s) => s.id),
      })
    ).json<{ data: FormationProposal }>().data;
    const merge = p.placements.filter((x) => x.fromTeamId);
    expect(merge).toHaveLength(1);
    const res = await apply(w, asBody(p));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.movedFromMerges).toBe(1);
    const from = merge[0]!.fromTeamId!;
    const to = merge[0]!.teamKey;
    expect((await teamRow(from)).disbandedAt).not.toBeNull();
    const { db } = await getWorkerDb();
    const moved = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'MEMBER_MOVED_BY_ADMIN'),
          eq(auditEvents.targetUserId, merge[0]!.userId),
        ),
      );
    expect(moved.map((m) => m.teamId).sort()).toEqual([from, to].sort());
    const [closed] = await db
      .select({ reason: teamMembershipPeriods.leftReason })
      .from(teamMembershipPeriods)
      .where(
        and(
          eq(teamMembershipPeriods.teamId, from),
          eq(teamMembershipPeriods.userId, merge[0]!.userId),
        ),
      );
    expect(closed!.reason).toBe('MOVED');
    expect([bo.id, gus.id]).toContain(merge[0]!.userId);
    expect([beta.id, gamma.id]).toContain(from);
  });

  it('is for the admins of the course: other organization 404, student 403', async () => {
    const { w } = await setup();
    const p = (await preview(w)).json<{ data: FormationProposal }>().data;
    expect((await apply(w, asBody(p), w.as.adminB)).statusCode).toBe(404);
    expect((await apply(w, asBody(p), w.as.sue)).statusCode).toBe(403);
  });

  it.runIf(driver === 'postgres')(
    'a student creating a team during apply: one wins, nobody in two teams, counts right',
    async () => {
      for (let round = 0; round < 3; round++) {
        const { w, loose } = await setup();
        const p = (await preview(w)).json<{ data: FormationProposal }>().data;
        const [applied, created] = await Promise.all([
          apply(w, asBody(p)),
          call(app, 'POST', `/student/courses/${w.course.id}/teams`, w.as.sue, {
            name: `Solo ${round}`,
          }),
        ]);
        expect(
          [applied.statusCode, created.statusCode].sort(),
          applied.body + created.body,
        ).toEqual(applied.statusCode === 200 ? [200, 409] : [201, 409]);
        const { db } = await getWorkerDb();
        const rows = await db
          .select({ teamId: teamMembers.teamId })
          .from(teamMembers)
          .where(eq(teamMembers.userId, loose[0]!.id));
        expect(rows).toHaveLength(1);
        const live = await db
          .select({ id: teams.id, memberCount: teams.memberCount, maxSize: teams.maxSize })
          .from(teams)
          .where(and(eq(teams.courseId, w.course.id), isNull(teams.disbandedAt)));
        for (const t of live) {
          const [n] = await db
            .select({ n: count() })
            .from(teamMembers)
            .where(eq(teamMembers.teamId, t.id));
          expect(t.memberCount).toBe(n!.n);
          expect(t.memberCount).toBeLessThanOrEqual(t.maxSize);
        }
      }
    },
  );
});
