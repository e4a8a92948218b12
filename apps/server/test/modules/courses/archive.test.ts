import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helper.js';
import {
  auditOf,
  coursesUrl,
  courseRow,
  signedInWorld,
  type SignedInWorld,
} from './signed-in-world.js';

describe('archiving and restoring courses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const archive = (w: SignedInWorld, id: string) =>
    app.inject({ method: 'DELETE', url: `${coursesUrl}/${id}`, headers: w.as.adminA });
  const restore = (w: SignedInWorld, id: string) =>
    app.inject({ method: 'POST', url: `${coursesUrl}/${id}/restore`, headers: w.as.adminA });
  const listIds = async (w: SignedInWorld, archived?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: coursesUrl,
      headers: w.as.adminA,
      query: archived ? { archived } : {},
    });
    return res.json().data.items.map((c: { id: string }) => c.id);
  };

  it('DELETE archives the course, keeps it readable, and hides it from the default list', async () => {
    const w = await signedInWorld(app);
    const res = await archive(w, w.courseA.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Course archived',
      data: { id: w.courseA.id, archivedAt: expect.any(String) },
    });
    expect(Date.parse(body.data.archivedAt)).toBeLessThanOrEqual(Date.now());
    // Enrollments are untouched.
    expect(body.data.enrollmentCounts).toEqual({ active: 1, pending: 0, inactive: 0 });

    const fetched = await app.inject({
      method: 'GET',
      url: `${coursesUrl}/${w.courseA.id}`,
      headers: w.as.adminA,
    });
    expect(fetched.json().data.archivedAt).toBe(body.data.archivedAt);
    expect(await listIds(w)).toEqual([]);
    expect(await listIds(w, 'archived')).toEqual([w.courseA.id]);
    expect(await listIds(w, 'all')).toEqual([w.courseA.id]);

    const audit = await auditOf(w.courseA.id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['COURSE_ARCHIVED', w.adminA.id]]);
  });

  it('archiving an archived course is a 409 COURSE_ARCHIVED and changes nothing', async () => {
    const w = await signedInWorld(app);
    await archive(w, w.courseA.id);
    const before = await courseRow(w.courseA.id);
    const again = await archive(w, w.courseA.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'COURSE_ARCHIVED' });
    expect(await courseRow(w.courseA.id)).toEqual(before);
    expect(await auditOf(w.courseA.id)).toHaveLength(1);
  });

  it('restore brings it back; restoring an active course is a 409', async () => {
    const w = await signedInWorld(app);
    await archive(w, w.courseA.id);
    const res = await restore(w, w.courseA.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Course restored',
      data: { id: w.courseA.id, archivedAt: null },
    });
    expect(await listIds(w)).toEqual([w.courseA.id]);

    const again = await restore(w, w.courseA.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'CONFLICT' });

    const audit = await auditOf(w.courseA.id);
    expect(audit.map((a) => a.action)).toEqual(['COURSE_ARCHIVED', 'COURSE_RESTORED']);
    // Editable again.
    const edit = await app.inject({
      method: 'PATCH',
      url: `${coursesUrl}/${w.courseA.id}/update`,
      headers: w.as.adminA,
      payload: { title: 'Back' },
    });
    expect(edit.statusCode).toBe(200);
  });

  it('a bad or unknown id is a 400 or a 404', async () => {
    const w = await signedInWorld(app);
    const bad = await archive(w, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('params.id');
    const unknown = await archive(w, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});
