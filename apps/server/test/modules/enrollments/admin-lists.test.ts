import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Enrollment } from '@teamup/shared';
import {
  enrollments,
  organizations,
  teamMembers,
  teams,
  users,
} from '../../../src/db/schema/index.js';
import {
  makeCourse,
  makeEnrollment,
  makeOrgAdmin,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

/**
 * Organization North has two courses, South one. The admin administers North only.
 *   North CS101: Ada (ACTIVE, has an account), Bob (PENDING), Cy_d (INACTIVE)
 *   North CS102: Ada (PENDING: same person, other course), Zoe (PENDING, removed)
 *   South S201:  Bea 100% (ACTIVE)
 */
async function seed() {
  const north = await makeOrganization({ name: 'North' });
  const south = await makeOrganization({ name: 'South' });
  const admin = await makeUser({ email: 'admin@north.edu', role: 'ORG_ADMIN' });
  await makeOrgAdmin(north.id, admin.id);
  const superadmin = await makeUser({ email: 'root@example.edu', role: 'SUPERADMIN' });
  const cs101 = await makeCourse(north.id, { code: 'CS101', title: 'Intro' });
  const cs102 = await makeCourse(north.id, { code: 'CS102', title: 'Data', archived: true });
  const s201 = await makeCourse(south.id, { code: 'S201', title: 'Southern' });
  const ada = await makeUser({ email: 'ada@north.edu', fullname: 'Ada Lovelace' });
  const adaCs101 = await makeEnrollment(cs101.id, {
    email: ada.email,
    userId: ada.id,
    fullname: 'Ada Lovelace',
  });
  await makeEnrollment(cs101.id, { email: 'bob@north.edu', fullname: 'Bob Builder' });
  await makeEnrollment(cs101.id, {
    email: 'cy_d@north.edu',
    fullname: 'Cy_d Dee',
    userId: (await makeUser({ email: 'cy_d@north.edu' })).id,
    status: 'INACTIVE',
  });
  await makeEnrollment(cs102.id, { email: ada.email, fullname: 'Ada Lovelace' });
  const zoe = await makeEnrollment(cs102.id, { email: 'zoe@north.edu', fullname: 'Zoe Zed' });
  const { db } = await getWorkerDb();
  await db.update(enrollments).set({ removedAt: new Date() }).where(eq(enrollments.id, zoe.id));
  await makeEnrollment(s201.id, {
    email: 'bea@south.edu',
    fullname: 'Bea 100%',
    userId: (await makeUser({ email: 'bea@south.edu' })).id,
  });
  return { north, south, admin, superadmin, cs101, cs102, s201, ada, adaCs101 };
}

describe('GET /admin/students and the course roster', () => {
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof seed>>;
  let adminToken: string;
  let superToken: string;

  beforeAll(async () => {
    app = await buildTestApp();
  });

  beforeEach(async () => {
    s = await seed();
    adminToken = (await signIn(app, s.admin.email)).token;
    superToken = (await signIn(app, s.superadmin.email)).token;
  });

  const list = async (query: string, token = adminToken) => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/admin/students${query}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Enrollment[]; page: number; limit: number; total: number };
  };
  const rows = (data: { items: Enrollment[] }) =>
    data.items.map((e) => `${e.fullname}/${e.courseCode}/${e.status}`);

  it('lists one row per enrollment of my organizations, by name then email, removed ones left out', async () => {
    const data = await list('');
    expect(rows(data)).toEqual([
      'Ada Lovelace/CS101/ACTIVE',
      'Ada Lovelace/CS102/PENDING',
      'Bob Builder/CS101/PENDING',
      'Cy_d Dee/CS101/INACTIVE',
    ]);
    expect(data).toMatchObject({ page: 1, limit: 20, total: 4 });
    expect(data.items[0]).toEqual({
      id: s.adaCs101.id,
      courseId: s.cs101.id,
      courseCode: 'CS101',
      courseTitle: 'Intro',
      organizationId: s.north.id,
      organizationName: 'North',
      email: 'ada@north.edu',
      fullname: 'Ada Lovelace',
      studentId: null,
      section: null,
      userId: s.ada.id,
      status: 'ACTIVE',
      source: 'MANUAL',
      createdAt: s.adaCs101.createdAt.toISOString(),
      updatedAt: s.adaCs101.updatedAt.toISOString(),
      activatedAt: s.adaCs101.activatedAt!.toISOString(),
      team: null,
      emailUndeliverable: false,
    });
  });

  it('a superadmin sees every organization and can narrow to one', async () => {
    expect((await list('', superToken)).total).toBe(5);
    expect(rows(await list(`?organizationId=${s.south.id}`, superToken))).toEqual([
      'Bea 100%/S201/ACTIVE',
    ]);
  });

  it('filters by course and by status, together', async () => {
    expect(rows(await list(`?courseId=${s.cs102.id}`))).toEqual(['Ada Lovelace/CS102/PENDING']);
    expect(rows(await list('?status=PENDING'))).toEqual([
      'Ada Lovelace/CS102/PENDING',
      'Bob Builder/CS101/PENDING',
    ]);
    expect(rows(await list(`?status=PENDING&courseId=${s.cs101.id}`))).toEqual([
      'Bob Builder/CS101/PENDING',
    ]);
    expect((await list('?status=INACTIVE')).total).toBe(1);
  });

  it('searches name and email case-insensitively, taking % and _ literally', async () => {
    expect(rows(await list('?search=LOVE'))).toEqual([
      'Ada Lovelace/CS101/ACTIVE',
      'Ada Lovelace/CS102/PENDING',
    ]);
    expect(rows(await list('?search=bob%40north'))).toEqual(['Bob Builder/CS101/PENDING']);
    // "_" would match any one character if it were not escaped (e.g. "b@n" in "bob@north").
    expect(rows(await list('?search=_'))).toEqual(['Cy_d Dee/CS101/INACTIVE']);
    expect(rows(await list('?search=%25', superToken))).toEqual(['Bea 100%/S201/ACTIVE']);
    expect((await list('?search=nobody')).total).toBe(0);
  });

  it('pages through the list with the total of the whole filter', async () => {
    const first = await list('?limit=3&page=1');
    const second = await list('?limit=3&page=2');
    expect(first).toMatchObject({ page: 1, limit: 3, total: 4 });
    expect(second).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect([...rows(first), ...rows(second)]).toEqual(rows(await list('')));
    expect((await list('?limit=3&page=9')).items).toEqual([]);
  });

  it('hides enrollments of a deleted organization', async () => {
    const { db } = await getWorkerDb();
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, s.south.id));
    expect((await list('', superToken)).total).toBe(4);
  });

  describe('GET /admin/course/{id}/students', () => {
    const roster = async (courseId: string, query = '', token = adminToken) =>
      app.inject({
        method: 'GET',
        url: `${API}/admin/course/${courseId}/students${query}`,
        headers: bearer(token),
      });

    it("lists the course's enrollments with the same shape, filters and paging", async () => {
      const res = await roster(s.cs101.id);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(rows(data)).toEqual([
        'Ada Lovelace/CS101/ACTIVE',
        'Bob Builder/CS101/PENDING',
        'Cy_d Dee/CS101/INACTIVE',
      ]);
      expect(data.items[0].id).toBe(s.adaCs101.id);
      expect(rows((await roster(s.cs101.id, '?status=PENDING')).json().data)).toEqual([
        'Bob Builder/CS101/PENDING',
      ]);
      expect(rows((await roster(s.cs101.id, '?search=cy')).json().data)).toEqual([
        'Cy_d Dee/CS101/INACTIVE',
      ]);
      const paged = (await roster(s.cs101.id, '?limit=2&page=2')).json().data;
      expect(paged).toMatchObject({ page: 2, limit: 2, total: 3 });
      expect(rows(paged)).toEqual(['Cy_d Dee/CS101/INACTIVE']);
    });

    it('shows archived courses, without their removed enrollments', async () => {
      const res = await roster(s.cs102.id);
      expect(res.statusCode).toBe(200);
      expect(rows(res.json().data)).toEqual(['Ada Lovelace/CS102/PENDING']);
    });

    it("is 404 for another organization's course and for an unknown course", async () => {
      expect((await roster(s.s201.id)).statusCode).toBe(404);
      expect((await roster('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await roster(s.s201.id, '', superToken)).statusCode).toBe(200);
    });
  });

  describe('the team column', () => {
    it("shows the student's live team in that course only, in lists, roster and detail", async () => {
      const { db } = await getWorkerDb();
      const alpha = await makeTeam(s.cs101.id, s.ada.id, { name: 'Alpha' });
      // A disbanded team has no members left, so it shows nowhere.
      const cy = await db.select().from(users).where(eq(users.email, 'cy_d@north.edu'));
      const old = await makeTeam(s.cs101.id, cy[0]!.id, { name: 'Old' });
      await db.delete(teamMembers).where(eq(teamMembers.teamId, old.id));
      await db
        .update(teams)
        .set({ disbandedAt: new Date(), memberCount: 0 })
        .where(eq(teams.id, old.id));

      const teamsOf = (data: { items: Enrollment[] }) =>
        data.items.map((e) => `${e.fullname}/${e.courseCode}/${e.team?.name ?? '-'}`);
      expect(teamsOf(await list(''))).toEqual([
        'Ada Lovelace/CS101/Alpha',
        'Ada Lovelace/CS102/-',
        'Bob Builder/CS101/-',
        'Cy_d Dee/CS101/-',
      ]);
      expect((await list('')).items[0]!.team).toEqual({ id: alpha.id, name: 'Alpha' });
      const roster = await app.inject({
        method: 'GET',
        url: `${API}/admin/course/${s.cs101.id}/students`,
        headers: bearer(adminToken),
      });
      expect(roster.json().data.items[0].team).toEqual({ id: alpha.id, name: 'Alpha' });
      const detail = await app.inject({
        method: 'GET',
        url: `${API}/admin/enrollment/${s.adaCs101.id}`,
        headers: bearer(adminToken),
      });
      expect(detail.json().data.team).toEqual({ id: alpha.id, name: 'Alpha' });
    });

    it('answers a status change, a removal and a restore without the team left (decision 081)', async () => {
      await makeTeam(s.cs101.id, s.ada.id, { name: 'Alpha' });
      const status = await app.inject({
        method: 'PATCH',
        url: `${API}/admin/enrollment/${s.adaCs101.id}/status`,
        headers: bearer(adminToken),
        payload: { status: 'INACTIVE' },
      });
      // Going INACTIVE took Ada out of Alpha; the message says so.
      expect(status.json().data.team).toBeNull();
      expect(status.json().message).toContain('left Alpha');
      const removed = await app.inject({
        method: 'DELETE',
        url: `${API}/admin/enrollment/${s.adaCs101.id}/remove`,
        headers: bearer(adminToken),
      });
      expect(removed.json().data.team).toBeNull();
      const restored = await app.inject({
        method: 'POST',
        url: `${API}/admin/students/manual-add`,
        headers: bearer(adminToken),
        payload: { courseId: s.cs101.id, email: s.ada.email, fullname: 'Ada Lovelace' },
      });
      expect(restored.statusCode).toBe(201);
      expect(restored.json().data.team).toBeNull();
      const fresh = await app.inject({
        method: 'POST',
        url: `${API}/admin/students/manual-add`,
        headers: bearer(adminToken),
        payload: { courseId: s.cs101.id, email: 'new@north.edu', fullname: 'New' },
      });
      expect(fresh.json().data.team).toBeNull();
    });
  });
});
