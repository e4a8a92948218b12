import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCourse } from '../../fixtures.js';
import { buildTestApp } from '../../helper.js';
import {
  auditOf,
  coursesUrl,
  courseRow,
  signedInWorld,
  type SignedInWorld,
} from './signed-in-world.js';

describe('PATCH /courses/{id}/update', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const update = (w: SignedInWorld, id: string, payload: unknown, headers = w.as.adminA) =>
    app.inject({
      method: 'PATCH',
      url: `${coursesUrl}/${id}/update`,
      headers,
      payload: payload as Record<string, unknown>,
    });

  it('changes any subset of fields and audits only what changed', async () => {
    const w = await signedInWorld(app);
    const before = await courseRow(w.courseA.id);
    const res = await update(w, w.courseA.id, {
      title: ' Course A, revised ',
      teamSizeMax: 6,
      term: before.term,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Course updated',
      data: {
        id: w.courseA.id,
        code: 'A101',
        title: 'Course A, revised',
        teamSizeMin: 2,
        teamSizeMax: 6,
        term: before.term,
        organizationName: 'Org A',
        archivedAt: null,
        enrollmentCounts: { active: 1, pending: 0, inactive: 0 },
      },
    });
    const after = await courseRow(w.courseA.id);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());

    const audit = await auditOf(w.courseA.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'COURSE_UPDATED',
      actorId: w.adminA.id,
      organizationId: w.orgA.id,
      data: {
        before: { title: 'Course A', teamSizeMax: 4 },
        after: { title: 'Course A, revised', teamSizeMax: 6 },
      },
    });
  });

  it('a change to nothing new writes nothing', async () => {
    const w = await signedInWorld(app);
    const before = await courseRow(w.courseA.id);
    const res = await update(w, w.courseA.id, { title: 'Course A' });
    expect(res.statusCode).toBe(200);
    expect(await courseRow(w.courseA.id)).toEqual(before);
    expect(await auditOf(w.courseA.id)).toHaveLength(0);
  });

  it('checks min ≤ max against the stored values', async () => {
    const w = await signedInWorld(app);
    const before = await courseRow(w.courseA.id); // 2..4
    for (const payload of [
      { teamSizeMin: 5 },
      { teamSizeMax: 1 },
      { teamSizeMin: 3, teamSizeMax: 2 },
    ]) {
      const res = await update(w, w.courseA.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'teamSizeMax' }],
      });
    }
    expect(await courseRow(w.courseA.id)).toEqual(before);
    const ok = await update(w, w.courseA.id, { teamSizeMin: 4 });
    expect(ok.json().data).toMatchObject({ teamSizeMin: 4, teamSizeMax: 4 });
  });

  it('may move the deadline into the past, closing team formation early', async () => {
    const w = await signedInWorld(app);
    const past = new Date(Date.now() - 3_600_000);
    past.setUTCMilliseconds(0);
    const res = await update(w, w.courseA.id, { teamFormationDeadline: past.toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.teamFormationDeadline).toBe(past.toISOString());
  });

  it('refuses bad input with field details and changes nothing', async () => {
    const w = await signedInWorld(app);
    const before = await courseRow(w.courseA.id);
    const cases: [unknown, string][] = [
      [{}, ''],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ description: 'x'.repeat(5001) }, 'description'],
      [{ title: '' }, 'title'],
      [{ code: 'no/slash' }, 'code'],
      [{ teamFormationDeadline: 'soon' }, 'teamFormationDeadline'],
      [{ organizationId: w.orgB.id }, 'organizationId'],
      [{ archivedAt: null }, 'archivedAt'],
      [{ teamSizeMin: 3, teamSizeMax: 2 }, 'teamSizeMax'],
    ];
    for (const [payload, path] of cases) {
      const res = await update(w, w.courseA.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(
        body.details.map((d: { path: string }) => d.path),
        JSON.stringify(payload),
      ).toContain(path);
    }
    const badId = await app.inject({
      method: 'PATCH',
      url: `${coursesUrl}/not-a-uuid/update`,
      headers: w.as.adminA,
      payload: { title: 'x' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details).toEqual([{ path: 'params.id', message: expect.any(String) }]);
    expect(await courseRow(w.courseA.id)).toEqual(before);
  });

  it('a code used by another course of the organization is a 409; a new case of its own is fine', async () => {
    const w = await signedInWorld(app);
    await makeCourse(w.orgA.id, { code: 'A202' });
    const before = await courseRow(w.courseA.id);
    const taken = await update(w, w.courseA.id, { code: 'a202', title: 'Other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'COURSE_CODE_TAKEN',
      details: [{ path: 'code' }],
    });
    expect(await courseRow(w.courseA.id)).toEqual(before);
    expect(await auditOf(w.courseA.id)).toHaveLength(0);

    // B101 belongs to organization B: free in A.
    const free = await update(w, w.courseA.id, { code: 'b101' });
    expect(free.json().data.code).toBe('b101');
    const recased = await update(w, w.courseA.id, { code: 'B101' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().data.code).toBe('B101');
  });

  it('an archived course cannot be edited: 409 COURSE_ARCHIVED', async () => {
    const w = await signedInWorld(app);
    const archived = await makeCourse(w.orgA.id, { archived: true });
    const before = await courseRow(archived.id);
    const res = await update(w, archived.id, { title: 'New' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'COURSE_ARCHIVED' });
    expect(await courseRow(archived.id)).toEqual(before);
  });

  it('an unknown course is a 404', async () => {
    const w = await signedInWorld(app);
    const res = await update(w, '00000000-0000-4000-8000-000000000000', { title: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
