import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../../src/db/schema/index.js';
import { makeCourse } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import {
  auditOf,
  courseCount,
  coursesUrl,
  courseRow,
  signedInWorld,
  validCourseBody,
  type SignedInWorld,
} from './signed-in-world.js';

describe('POST /courses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const create = (w: SignedInWorld, payload: unknown, headers = w.as.adminA) =>
    app.inject({
      method: 'POST',
      url: coursesUrl,
      headers,
      payload: payload as Record<string, unknown>,
    });

  it('creates a course and answers with the whole course', async () => {
    const w = await signedInWorld(app);
    const deadline = new Date(Date.now() + 10 * 86_400_000);
    deadline.setUTCMilliseconds(0);
    const res = await create(
      w,
      validCourseBody(w.orgA.id, {
        code: '  SE-210 ',
        title: ' Software Engineering ',
        // An offset is accepted and stored in UTC.
        teamFormationDeadline: deadline.toISOString().replace('Z', '+00:00'),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Course created',
      data: {
        id: expect.any(String),
        organizationId: w.orgA.id,
        organizationName: 'Org A',
        code: 'SE-210',
        title: 'Software Engineering',
        term: 'Fall 2026',
        description: 'Teams of three build a small app.',
        teamSizeMin: 2,
        teamSizeMax: 4,
        teamFormationDeadline: deadline.toISOString(),
        archivedAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        enrollmentCounts: { active: 0, pending: 0, inactive: 0 },
        sections: [],
      },
    });

    const row = await courseRow(body.data.id);
    expect(row.createdBy).toBe(w.adminA.id);
    const audit = await auditOf(body.data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'COURSE_CREATED',
      actorId: w.adminA.id,
      organizationId: w.orgA.id,
      data: { code: 'SE-210', title: 'Software Engineering', teamSizeMax: 4 },
    });

    const fetched = await app.inject({
      method: 'GET',
      url: `${coursesUrl}/${body.data.id}`,
      headers: w.as.adminA,
    });
    expect(fetched.json().data).toEqual(body.data);
  });

  it('description is optional', async () => {
    const w = await signedInWorld(app);
    const { description: _, ...body } = validCourseBody(w.orgA.id);
    const res = await create(w, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.description).toBe('');
  });

  it('refuses bad input with field details and writes nothing', async () => {
    const w = await signedInWorld(app);
    const before = await courseCount();
    const base = validCourseBody(w.orgA.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, teamSizeMin: 5, teamSizeMax: 3 }, 'teamSizeMax'],
      [
        { ...base, teamFormationDeadline: new Date(Date.now() - 60_000).toISOString() },
        'teamFormationDeadline',
      ],
      [{ ...base, teamFormationDeadline: '2030-01-01' }, 'teamFormationDeadline'],
      [{ ...base, teamFormationDeadline: 'next friday' }, 'teamFormationDeadline'],
      [{ ...base, title: 'x'.repeat(201) }, 'title'],
      [{ ...base, description: 'x'.repeat(5001) }, 'description'],
      [{ ...base, code: 'x'.repeat(33) }, 'code'],
      [{ ...base, code: '#hash' }, 'code'],
      [{ ...base, code: '   ' }, 'code'],
      [{ ...base, term: '' }, 'term'],
      [{ ...base, teamSizeMin: 0 }, 'teamSizeMin'],
      [{ ...base, teamSizeMax: 51 }, 'teamSizeMax'],
      [{ ...base, teamSizeMin: 2.5 }, 'teamSizeMin'],
      [{ ...base, teamSizeMax: '4' }, 'teamSizeMax'],
      [{ ...base, organizationId: 'not-a-uuid' }, 'organizationId'],
      [{ ...base, archivedAt: null }, 'archivedAt'],
      [{ ...base, createdBy: w.adminB.id }, 'createdBy'],
      [(({ title: _t, ...rest }) => rest)(base), 'title'],
    ];
    for (const [payload, path] of cases) {
      const res = await create(w, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(
        body.details.map((d: { path: string }) => d.path),
        JSON.stringify(payload),
      ).toContain(path);
    }
    expect(await courseCount()).toBe(before);
  });

  it('unknown and deleted organizations are a 400 on organizationId, also for a superadmin', async () => {
    const w = await signedInWorld(app);
    const { db } = await getWorkerDb();
    await db
      .update(organizations)
      .set({ deletedAt: sql`now()` })
      .where(eq(organizations.id, w.orgB.id));
    const before = await courseCount();
    for (const organizationId of [w.orgB.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await create(w, validCourseBody(organizationId), w.as.superadmin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'organizationId', message: 'Unknown organization' }],
      });
    }
    expect(await courseCount()).toBe(before);
  });

  it('a superadmin may create a course in any organization', async () => {
    const w = await signedInWorld(app);
    const res = await create(w, validCourseBody(w.orgB.id), w.as.superadmin);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ organizationId: w.orgB.id, organizationName: 'Org B' });
    expect((await courseRow(res.json().data.id)).createdBy).toBe(w.superadmin.id);
  });

  describe('code uniqueness', () => {
    it('a code is unique in its organization whatever its case: 409 COURSE_CODE_TAKEN', async () => {
      const w = await signedInWorld(app);
      const first = await create(w, validCourseBody(w.orgA.id, { code: 'CS101' }));
      expect(first.statusCode).toBe(201);
      const before = await courseCount();
      for (const code of ['CS101', 'cs101', ' Cs101 ', 'a101']) {
        const res = await create(w, validCourseBody(w.orgA.id, { code }));
        expect(res.statusCode, code).toBe(409);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'COURSE_CODE_TAKEN',
          details: [{ path: 'code', message: expect.any(String) }],
        });
      }
      expect(await courseCount()).toBe(before);
      // Nothing of the failed attempts reached the audit log either.
      expect(await auditOf(first.json().data.id)).toHaveLength(1);
    });

    it('the same code is free in another organization', async () => {
      const w = await signedInWorld(app);
      // makeWorld gave organization A the code A101.
      const res = await create(w, validCourseBody(w.orgB.id, { code: 'A101' }), w.as.adminB);
      expect(res.statusCode).toBe(201);
    });

    it('an archived course keeps its code', async () => {
      const w = await signedInWorld(app);
      await makeCourse(w.orgA.id, { code: 'OLD1', archived: true });
      const res = await create(w, validCourseBody(w.orgA.id, { code: 'old1' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('COURSE_CODE_TAKEN');
    });
  });
});
