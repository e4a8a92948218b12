import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/db/schema/index.js';
import {
  makeAdminOf,
  makeOrgAdmin,
  makeOrganization,
  makeUser,
  makeWorld,
} from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { auditOf, orgApi, roleOf, snapshot } from './org-api.js';

const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('organization admins', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  async function asSuperadmin() {
    const user = await makeUser({ role: 'SUPERADMIN', fullname: 'Sue Per' });
    const { token } = await signIn(app, user.email);
    return { user, token, api: orgApi(app, token) };
  }

  describe('POST /organizations/super/{id}/admin', () => {
    it('makes an existing student ORG_ADMIN of the organization', async () => {
      const { user: superadmin, api } = await asSuperadmin();
      const org = await makeOrganization();
      const student = await signIn(app, 'kim@example.edu', 'Kim Lee');

      const res = await api.appoint(org.id, { email: '  Kim@Example.EDU ' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        message: 'Admin appointed',
        data: expect.objectContaining({
          id: org.id,
          adminCount: 1,
          admins: [
            {
              userId: student.user.id,
              email: 'kim@example.edu',
              fullname: 'Kim Lee',
              avatar: null,
              role: 'ORG_ADMIN',
              appointedAt: iso,
              hasSignedIn: true,
            },
          ],
        }),
      });
      expect(await roleOf('kim@example.edu')).toBe('ORG_ADMIN');
      // The role is read per request: the student's existing token opens admin routes now.
      const mine = await orgApi(app, student.token).my();
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data.items.map((o: { id: string }) => o.id)).toEqual([org.id]);
      expect(await auditOf('ORG_ADMIN_APPOINTED')).toMatchObject([
        {
          actorId: superadmin.id,
          organizationId: org.id,
          targetUserId: student.user.id,
          data: { userCreated: false, roleBefore: 'STUDENT', roleAfter: 'ORG_ADMIN' },
        },
      ]);
    });

    it('appoints an email that never signed in: ORG_ADMIN from the first sign-in', async () => {
      const { api } = await asSuperadmin();
      const org = await makeOrganization({ name: 'Engineering' });

      const res = await api.appoint(org.id, { email: 'New.Admin@Example.edu' });
      expect(res.statusCode).toBe(201);
      const [admin] = res.json().data.admins;
      expect(admin).toEqual({
        userId: expect.any(String),
        email: 'new.admin@example.edu',
        fullname: 'new.admin',
        avatar: null,
        role: 'ORG_ADMIN',
        appointedAt: iso,
        hasSignedIn: false,
      });
      expect(await auditOf('ORG_ADMIN_APPOINTED')).toMatchObject([
        { targetUserId: admin.userId, data: { userCreated: true, roleAfter: 'ORG_ADMIN' } },
      ]);

      const first = await signIn(app, 'new.admin@example.edu', 'Nadia Admin');
      expect(first.response.json().data.user).toMatchObject({
        id: admin.userId,
        email: 'new.admin@example.edu',
        role: 'ORG_ADMIN',
      });
      const mine = await orgApi(app, first.token).my();
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data.items).toEqual([
        expect.objectContaining({ id: org.id, name: 'Engineering', adminCount: 1 }),
      ]);
      const detail = await api.superGet(org.id);
      expect(detail.json().data.admins).toEqual([
        expect.objectContaining({ userId: admin.userId, hasSignedIn: true }),
      ]);
      const { db } = await getWorkerDb();
      const rows = await db.select().from(users).where(eq(users.email, 'new.admin@example.edu'));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.googleSub).not.toBeNull();
    });

    it('uses the given name for a new user', async () => {
      const { api } = await asSuperadmin();
      const org = await makeOrganization();
      const res = await api.appoint(org.id, { email: 'x@example.edu', fullname: ' Xavier Ng ' });
      expect(res.json().data.admins[0]).toMatchObject({
        fullname: 'Xavier Ng',
        hasSignedIn: false,
      });
    });

    it('refuses an admin twice with ALREADY_ADMIN and changes nothing', async () => {
      const w = await makeWorld();
      const { api } = await asSuperadmin();
      const before = await snapshot();
      const res = await api.appoint(w.orgA.id, { email: w.adminA.email.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'ALREADY_ADMIN' });
      expect(await snapshot()).toEqual(before);
    });

    it('appoints a superadmin without lowering them', async () => {
      const { user, api } = await asSuperadmin();
      const org = await makeOrganization();
      const res = await api.appoint(org.id, { email: user.email });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.admins).toEqual([
        expect.objectContaining({ userId: user.id, role: 'SUPERADMIN' }),
      ]);
      expect(await roleOf(user.email)).toBe('SUPERADMIN');
    });

    it('refuses bad input with field details and writes nothing', async () => {
      const w = await makeWorld();
      const { api } = await asSuperadmin();
      const before = await snapshot();
      const cases: [unknown, string][] = [
        [{ email: 'not-an-email' }, 'email'],
        [{ email: '' }, 'email'],
        [{}, 'email'],
        [{ email: `${'a'.repeat(250)}@example.edu` }, 'email'],
        [{ email: 'ok@example.edu', fullname: 'f'.repeat(121) }, 'fullname'],
        [{ email: 'ok@example.edu', role: 'SUPERADMIN' }, 'role'],
      ];
      for (const [payload, path] of cases) {
        const res = await api.appoint(w.orgA.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('gives 404 for an unknown or deleted organization, writing nothing', async () => {
      const { api } = await asSuperadmin();
      const org = await makeOrganization();
      await api.remove(org.id);
      const before = await snapshot();
      for (const id of [org.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await api.appoint(id, { email: 'someone@example.edu' });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('DELETE /organizations/super/{id}/admin', () => {
    it("removing an admin's last organization makes them STUDENT, effective at once", async () => {
      const w = await makeWorld();
      const { user: superadmin, api } = await asSuperadmin();
      const adminA = await signIn(app, w.adminA.email);
      const adminApi = orgApi(app, adminA.token);
      expect((await adminApi.myGet(w.orgA.id)).statusCode).toBe(200);

      const res = await api.removeAdmin(w.orgA.id, w.adminA.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Admin removed',
        data: { id: w.orgA.id, adminCount: 0, admins: [] },
      });
      expect(await roleOf(w.adminA.email)).toBe('STUDENT');
      const next = await adminApi.my();
      expect(next.statusCode).toBe(403);
      expect(next.json().code).toBe('FORBIDDEN');
      expect(await auditOf('ORG_ADMIN_REMOVED')).toMatchObject([
        {
          actorId: superadmin.id,
          organizationId: w.orgA.id,
          targetUserId: w.adminA.id,
          data: { roleBefore: 'ORG_ADMIN', roleAfter: 'STUDENT' },
        },
      ]);
    });

    it('keeps ORG_ADMIN while another live organization remains', async () => {
      const { api } = await asSuperadmin();
      const [one, two, deleted] = [
        await makeOrganization({ name: 'One' }),
        await makeOrganization({ name: 'Two' }),
        await makeOrganization({ name: 'Deleted' }),
      ];
      const admin = await makeAdminOf([one.id, two.id, deleted.id]);
      expect((await api.remove(deleted.id)).statusCode).toBe(200);
      const { token } = await signIn(app, admin.email);
      const adminApi = orgApi(app, token);

      expect((await api.removeAdmin(one.id, admin.id)).statusCode).toBe(200);
      expect(await roleOf(admin.email)).toBe('ORG_ADMIN');
      expect((await adminApi.myGet(one.id)).statusCode).toBe(404);
      expect((await adminApi.myGet(two.id)).statusCode).toBe(200);

      // The deleted organization does not count as one they still run.
      expect((await api.removeAdmin(two.id, admin.id)).statusCode).toBe(200);
      expect(await roleOf(admin.email)).toBe('STUDENT');
    });

    it('never lowers a superadmin', async () => {
      const { user, api } = await asSuperadmin();
      const org = await makeOrganization();
      await makeOrgAdmin(org.id, user.id);
      const res = await api.removeAdmin(org.id, user.id);
      expect(res.statusCode).toBe(200);
      expect(await roleOf(user.email)).toBe('SUPERADMIN');
      expect(await auditOf('ORG_ADMIN_REMOVED')).toMatchObject([
        { data: { roleBefore: 'SUPERADMIN', roleAfter: 'SUPERADMIN' } },
      ]);
    });

    it('gives 404 for a user who is not an admin of it, 400 for a bad userId', async () => {
      const w = await makeWorld();
      const { api, token } = await asSuperadmin();
      const before = await snapshot();
      for (const userId of [w.adminB.id, w.student.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await api.removeAdmin(w.orgA.id, userId);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      const bad = await api.removeAdmin(w.orgA.id, 'nobody');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([{ path: 'query.userId', message: expect.any(String) }]);
      const missing = await app.inject({
        method: 'DELETE',
        url: `${API}/organizations/super/${w.orgA.id}/admin`,
        headers: bearer(token),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual([
        { path: 'query.userId', message: expect.any(String) },
      ]);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('GET /organizations/super/users/list', () => {
    it('lists users by name with the organizations they administer', async () => {
      const w = await makeWorld();
      const { api } = await asSuperadmin();
      const both = await makeAdminOf([w.orgA.id, w.orgB.id], {
        fullname: 'Ada Both',
        email: 'ada@example.edu',
      });
      const gone = await makeOrganization({ name: 'Gone' });
      await makeOrgAdmin(gone.id, both.id);
      await api.remove(gone.id);

      const res = await api.directory({ limit: 100 });
      expect(res.statusCode).toBe(200);
      const { items, total } = res.json().data;
      expect(total).toBe(6);
      expect(items.map((u: { fullname: string }) => u.fullname)).toEqual([
        'Ada Both',
        'Sam Student',
        'Sue Per',
        'Test User',
        'Test User',
        'Test User',
      ]);
      expect(items[0]).toEqual({
        id: both.id,
        email: 'ada@example.edu',
        fullname: 'Ada Both',
        avatar: null,
        role: 'ORG_ADMIN',
        createdAt: iso,
        lastSignInAt: null,
        // The deleted organization is not listed.
        organizations: [
          { id: w.orgA.id, name: 'Org A' },
          { id: w.orgB.id, name: 'Org B' },
        ],
      });
      expect(items[1]).toMatchObject({ id: w.student.id, organizations: [] });
      expect(items[2]).toMatchObject({ role: 'SUPERADMIN', lastSignInAt: iso });
    });

    it('searches by name or email, filters by role, paginates', async () => {
      const { api } = await asSuperadmin();
      await makeUser({ fullname: 'Zoe Zed', email: 'zoe@uni.example' });
      await makeUser({ fullname: 'Yan Why', email: 'why_not@uni.example' });
      await makeUser({ fullname: 'Xia Ex', email: 'xia@other.example', role: 'ORG_ADMIN' });

      const names = async (query: Record<string, string | number>) =>
        (await api.directory(query)).json().data.items.map((u: { fullname: string }) => u.fullname);
      expect(await names({ search: 'UNI.EXAMPLE' })).toEqual(['Yan Why', 'Zoe Zed']);
      expect(await names({ search: 'zed' })).toEqual(['Zoe Zed']);
      expect(await names({ search: '_' })).toEqual(['Yan Why']);
      expect(await names({ role: 'ORG_ADMIN' })).toEqual(['Xia Ex']);
      expect(await names({ role: 'SUPERADMIN' })).toEqual(['Sue Per']);
      expect(await names({ role: 'STUDENT', search: 'xia' })).toEqual([]);

      const page = await api.directory({ page: 2, limit: 2 });
      expect(page.json().data).toMatchObject({ page: 2, limit: 2, total: 4 });
      expect(page.json().data.items.map((u: { fullname: string }) => u.fullname)).toEqual([
        'Yan Why',
        'Zoe Zed',
      ]);

      const bad = await api.directory({ role: 'KING' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].path).toBe('query.role');
    });
  });
});
