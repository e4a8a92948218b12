import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrollments, organizations } from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeUser } from '../../fixtures.js';
import { API, buildTestApp, getWorkerDb } from '../../helper.js';
import { coursesUrl, signedInWorld, type SignedInWorld } from './signed-in-world.js';

const day = 86_400_000;

describe('course lists', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const list = (w: SignedInWorld, query: Record<string, string> = {}, headers = w.as.adminA) =>
    app.inject({ method: 'GET', url: coursesUrl, headers, query });
  const codes = (res: Awaited<ReturnType<typeof list>>) =>
    res.json().data.items.map((c: { code: string }) => c.code);

  it('counts non-removed enrollments per status, in one answer for every course of the page', async () => {
    const w = await signedInWorld(app);
    // makeWorld enrolled one ACTIVE student in course A.
    const other = await makeUser();
    await makeEnrollment(w.courseA.id, {
      email: other.email,
      userId: other.id,
      status: 'INACTIVE',
    });
    await makeEnrollment(w.courseA.id, { email: 'p1@example.edu' });
    await makeEnrollment(w.courseA.id, { email: 'p2@example.edu' });
    const removed = await makeEnrollment(w.courseA.id, { email: 'gone@example.edu' });
    const { db } = await getWorkerDb();
    await db
      .update(enrollments)
      .set({ removedAt: sql`now()` })
      .where(eq(enrollments.id, removed.id));
    const empty = await makeCourse(w.orgA.id, { code: 'EMPTY' });

    const res = await list(w, { archived: 'all' });
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(
      res
        .json()
        .data.items.map((c: { id: string; enrollmentCounts: unknown }) => [
          c.id,
          c.enrollmentCounts,
        ]),
    );
    expect(byId[w.courseA.id]).toEqual({ active: 1, pending: 2, inactive: 1 });
    expect(byId[empty.id]).toEqual({ active: 0, pending: 0, inactive: 0 });

    const one = await app.inject({
      method: 'GET',
      url: `${coursesUrl}/${w.courseA.id}`,
      headers: w.as.adminA,
    });
    expect(one.json().data.enrollmentCounts).toEqual({ active: 1, pending: 2, inactive: 1 });
  });

  it('orders by latest deadline first, then title, and paginates with a total', async () => {
    const w = await signedInWorld(app);
    const now = Date.now();
    // Course A (world) has a deadline in 14 days.
    await makeCourse(w.orgA.id, { code: 'LATE', deadline: new Date(now + 60 * day) });
    await makeCourse(w.orgA.id, { code: 'PAST', deadline: new Date(now - 5 * day) });
    const same = new Date(now + 30 * day);
    await makeCourse(w.orgA.id, { code: 'ZED', title: 'Zebra', deadline: same });
    await makeCourse(w.orgA.id, { code: 'ALF', title: 'Alpha', deadline: same });

    const all = await list(w);
    expect(codes(all)).toEqual(['LATE', 'ALF', 'ZED', 'A101', 'PAST']);
    expect(all.json().data).toMatchObject({ page: 1, limit: 20, total: 5 });

    const page2 = await list(w, { page: '2', limit: '2' });
    expect(page2.json().data).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(codes(page2)).toEqual(['ZED', 'A101']);
    const beyond = await list(w, { page: '9', limit: '2' });
    expect(beyond.json().data).toMatchObject({ items: [], total: 5 });
  });

  it('filters by search, organization and archived state', async () => {
    const w = await signedInWorld(app);
    await makeCourse(w.orgA.id, { code: 'ML-300', title: 'Machine Learning', term: 'Spring 2027' });
    await makeCourse(w.orgA.id, { code: 'DB_200', title: 'Databases 100%', archived: true });
    await makeCourse(w.orgB.id, { code: 'ML-310', title: 'Deep Learning' });

    expect(codes(await list(w, { search: 'learning' }))).toEqual(['ML-300']);
    expect(codes(await list(w, { search: 'spring 20' }))).toEqual(['ML-300']);
    expect(codes(await list(w, { search: 'ml-3' }, w.as.superadmin)).sort()).toEqual([
      'ML-300',
      'ML-310',
    ]);
    // % and _ are literal characters, not wildcards.
    expect(codes(await list(w, { search: '100%', archived: 'all' }))).toEqual(['DB_200']);
    expect(codes(await list(w, { search: 'B_2', archived: 'all' }))).toEqual(['DB_200']);
    expect(codes(await list(w, { search: 'B%2', archived: 'all' }))).toEqual([]);

    expect(codes(await list(w, { archived: 'archived' }))).toEqual(['DB_200']);
    expect(codes(await list(w, { archived: 'all' })).sort()).toEqual(['A101', 'DB_200', 'ML-300']);

    const superB = await list(w, { organizationId: w.orgB.id }, w.as.superadmin);
    expect(codes(superB).sort()).toEqual(['B101', 'ML-310']);
    // Filtering by an organization outside the scope finds nothing rather than leaking.
    const foreign = await list(w, { organizationId: w.orgB.id });
    expect(foreign.json().data).toMatchObject({ items: [], total: 0 });
  });

  it('refuses bad query parameters', async () => {
    const w = await signedInWorld(app);
    const cases: [Record<string, string>, string][] = [
      [{ limit: '101' }, 'query.limit'],
      [{ page: '0' }, 'query.page'],
      [{ archived: 'yes' }, 'query.archived'],
      [{ organizationId: 'org-a' }, 'query.organizationId'],
      [{ search: 'x'.repeat(201) }, 'query.search'],
    ];
    for (const [query, path] of cases) {
      const res = await list(w, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('hides the courses of a deleted organization, even from a superadmin', async () => {
    const w = await signedInWorld(app);
    const { db } = await getWorkerDb();
    await db
      .update(organizations)
      .set({ deletedAt: sql`now()` })
      .where(eq(organizations.id, w.orgB.id));
    expect(codes(await list(w, {}, w.as.superadmin))).toEqual(['A101']);
    for (const url of [
      `${coursesUrl}/${w.courseB.id}`,
      `${API}/courses/organization/${w.orgB.id}/courses`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: w.as.superadmin });
      expect(res.statusCode, url).toBe(404);
    }
  });

  describe('GET /courses/organization/{orgId}/courses', () => {
    const orgCourses = (
      w: SignedInWorld,
      orgId: string,
      query: Record<string, string> = {},
      headers = w.as.adminA,
    ) =>
      app.inject({
        method: 'GET',
        url: `${API}/courses/organization/${orgId}/courses`,
        headers,
        query,
      });

    it('lists one organization’s courses with the same filters', async () => {
      const w = await signedInWorld(app);
      await makeCourse(w.orgA.id, { code: 'OLD', archived: true });
      const res = await orgCourses(w, w.orgA.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        items: [
          {
            id: w.courseA.id,
            organizationId: w.orgA.id,
            organizationName: 'Org A',
            code: 'A101',
            title: 'Course A',
            term: 'Fall 2026',
            description: '',
            teamSizeMin: 2,
            teamSizeMax: 4,
            teamFormationDeadline: w.courseA.teamFormationDeadline.toISOString(),
            archivedAt: null,
            createdAt: w.courseA.createdAt.toISOString(),
            updatedAt: w.courseA.updatedAt.toISOString(),
            enrollmentCounts: { active: 1, pending: 0, inactive: 0 },
            sections: [],
          },
        ],
        page: 1,
        limit: 20,
        total: 1,
      });
      const archived = await orgCourses(w, w.orgA.id, { archived: 'archived' });
      expect(codes(archived)).toEqual(['OLD']);
      // The path decides the organization; a query organizationId does not widen it.
      const widened = await orgCourses(w, w.orgA.id, { organizationId: w.orgB.id });
      expect(codes(widened)).toEqual(['A101']);
      const asSuper = await orgCourses(w, w.orgB.id, {}, w.as.superadmin);
      expect(codes(asSuper)).toEqual(['B101']);
    });

    it('an unknown organization is a 404, a malformed id a 400', async () => {
      const w = await signedInWorld(app);
      const unknown = await orgCourses(
        w,
        '00000000-0000-4000-8000-000000000000',
        {},
        w.as.superadmin,
      );
      expect(unknown.statusCode).toBe(404);
      const bad = await orgCourses(w, 'org-a');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].path).toBe('params.orgId');
    });
  });
});
