import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses, enrollments, organizations } from '../../../src/db/schema/index.js';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrgAdmin,
  makeOrganization,
  makeUser,
  makeWorld,
} from '../../fixtures.js';
import { buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { auditOf, orgApi, roleOf, snapshot } from './org-api.js';

const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const ids = (res: { json: () => { data: { items: { id: string }[] } } }) =>
  res.json().data.items.map((o) => o.id);

describe('organizations', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  async function asSuperadmin() {
    const user = await makeUser({ role: 'SUPERADMIN', fullname: 'Sue Per' });
    const { token } = await signIn(app, user.email);
    return { user, api: orgApi(app, token) };
  }

  describe('POST /organizations', () => {
    it('creates an organization and records who did', async () => {
      const { user, api } = await asSuperadmin();
      const res = await api.create({ name: '  Faculty of Science ', slug: 'science' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        message: 'Organization created',
        data: {
          id: expect.any(String),
          name: 'Faculty of Science',
          slug: 'science',
          description: '',
          createdAt: iso,
          updatedAt: iso,
          deletedAt: null,
          adminCount: 0,
          courseCount: 0,
          studentCount: 0,
          admins: [],
          domains: [],
        },
      });
      const [audit] = await auditOf('ORGANIZATION_CREATED');
      expect(audit).toMatchObject({
        actorId: user.id,
        organizationId: res.json().data.id,
        data: { name: 'Faculty of Science', slug: 'science' },
      });
    });

    it('refuses a slug in use, also by a deleted organization', async () => {
      const { api } = await asSuperadmin();
      const live = await makeOrganization({ slug: 'taken' });
      const gone = await makeOrganization({ slug: 'gone' });
      expect((await api.remove(gone.id)).statusCode).toBe(200);
      const before = await snapshot();
      for (const slug of [live.slug, gone.slug]) {
        const res = await api.create({ name: 'Another', slug });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          success: false,
          code: 'SLUG_TAKEN',
          message: expect.any(String),
          details: [{ path: 'slug', message: expect.any(String) }],
        });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('refuses invalid input with field details and writes nothing', async () => {
      const { api } = await asSuperadmin();
      const before = await snapshot();
      const cases: [unknown, string][] = [
        [{ name: 'Good', slug: 'Bad Slug' }, 'slug'],
        [{ name: 'Good', slug: 'double--hyphen' }, 'slug'],
        [{ name: 'Good', slug: 'x' }, 'slug'],
        [{ name: 'Good', slug: 's'.repeat(61) }, 'slug'],
        [{ name: 'x'.repeat(121), slug: 'good' }, 'name'],
        [{ name: '   ', slug: 'good' }, 'name'],
        [{ slug: 'good' }, 'name'],
        [{ name: 'Good', slug: 'good', description: 'd'.repeat(2001) }, 'description'],
        [{ name: 'Good', slug: 'good', deletedAt: null }, 'deletedAt'],
      ];
      for (const [payload, path] of cases) {
        const res = await api.create(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('PUT /organizations/{id}', () => {
    it('lets an admin edit their own organization', async () => {
      const w = await makeWorld();
      const { token } = await signIn(app, w.adminA.email);
      const res = await orgApi(app, token).update(w.orgA.id, { description: '  Maths and CS ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: {
          id: w.orgA.id,
          name: 'Org A',
          slug: w.orgA.slug,
          description: 'Maths and CS',
          adminCount: 1,
          courseCount: 1,
          studentCount: 1,
          admins: [{ userId: w.adminA.id }],
        },
      });
      expect(new Date(res.json().data.updatedAt).getTime()).toBeGreaterThan(
        w.orgA.updatedAt.getTime(),
      );
      const [audit] = await auditOf('ORGANIZATION_UPDATED');
      expect(audit).toMatchObject({
        actorId: w.adminA.id,
        organizationId: w.orgA.id,
        data: { before: { description: '' }, after: { description: 'Maths and CS' } },
      });
    });

    it('lets a superadmin rename any organization, and refuses a taken slug', async () => {
      const w = await makeWorld();
      const { api } = await asSuperadmin();
      const res = await api.update(w.orgB.id, { name: 'Business School', slug: 'business' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Business School', slug: 'business' });

      const before = await snapshot();
      const clash = await api.update(w.orgA.id, { slug: 'business' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({
        code: 'SLUG_TAKEN',
        details: [{ path: 'slug' }],
      });
      expect(await snapshot()).toEqual(before);
      // Its own slug again is no conflict.
      expect((await api.update(w.orgB.id, { slug: 'business' })).statusCode).toBe(200);
    });

    it('refuses invalid changes and changes nothing', async () => {
      const w = await makeWorld();
      const { token } = await signIn(app, w.adminA.email);
      const api = orgApi(app, token);
      const before = await snapshot();
      const cases: [unknown, string][] = [
        [{}, ''],
        [{ slug: 'NOPE' }, 'slug'],
        [{ name: 'n'.repeat(121) }, 'name'],
        [{ name: '' }, 'name'],
        [{ description: 'd'.repeat(2001) }, 'description'],
        [{ deletedAt: null }, 'deletedAt'],
        [{ name: 'Fine', id: w.orgB.id }, 'id'],
      ];
      for (const [payload, path] of cases) {
        const res = await api.update(w.orgA.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
      }
      const badId = await api.update('not-a-uuid', { name: 'X' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().details).toEqual([{ path: 'params.id', message: expect.any(String) }]);
      expect(await snapshot()).toEqual(before);
    });

    it('gives 404 for an unknown or deleted organization', async () => {
      const { api } = await asSuperadmin();
      const org = await makeOrganization();
      await api.remove(org.id);
      expect((await api.update(org.id, { name: 'Back?' })).statusCode).toBe(404);
      const unknown = await api.update('00000000-0000-4000-8000-000000000000', { name: 'X' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('NOT_FOUND');
    });
  });

  describe('DELETE /organizations/{id} and restore', () => {
    it('soft-deletes: data kept, admins lose the role at once, restore gives it back', async () => {
      const w = await makeWorld();
      const { user: superadmin, api } = await asSuperadmin();
      const adminA = await signIn(app, w.adminA.email);
      const adminApi = orgApi(app, adminA.token);
      expect((await adminApi.my()).statusCode).toBe(200);

      const res = await api.remove(w.orgA.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: { id: w.orgA.id, deletedAt: iso, courseCount: 1, studentCount: 1, adminCount: 1 },
      });
      const { db } = await getWorkerDb();
      const [row] = await db.select().from(organizations).where(eq(organizations.id, w.orgA.id));
      expect(row!.deletedBy).toBe(superadmin.id);
      const kept = await db.select().from(courses).where(eq(courses.organizationId, w.orgA.id));
      expect(kept).toHaveLength(1);

      // Their only organization is gone: the same token is now a student's.
      expect(await roleOf(w.adminA.email)).toBe('STUDENT');
      expect((await adminApi.my()).statusCode).toBe(403);

      expect(ids(await api.list())).toEqual([w.orgB.id]);
      expect(ids(await api.superList())).toEqual([w.orgB.id]);
      expect(ids(await api.superList({ includeDeleted: true }))).toEqual([w.orgA.id, w.orgB.id]);
      const detail = await api.superGet(w.orgA.id);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toMatchObject({
        deletedAt: iso,
        admins: [{ userId: w.adminA.id }],
      });
      expect((await api.myGet(w.orgA.id)).statusCode).toBe(404);
      expect((await api.remove(w.orgA.id)).statusCode).toBe(404);
      expect(await auditOf('ORGANIZATION_DELETED')).toMatchObject([
        {
          actorId: superadmin.id,
          organizationId: w.orgA.id,
          data: { demotedUserIds: [w.adminA.id] },
        },
      ]);

      const restored = await api.restore(w.orgA.id);
      expect(restored.statusCode).toBe(200);
      expect(restored.json().data).toMatchObject({ id: w.orgA.id, deletedAt: null });
      expect(await roleOf(w.adminA.email)).toBe('ORG_ADMIN');
      expect(ids(await adminApi.my())).toEqual([w.orgA.id]);
      expect(await auditOf('ORGANIZATION_RESTORED')).toMatchObject([
        { actorId: superadmin.id, data: { promotedUserIds: [w.adminA.id] } },
      ]);

      const again = await api.restore(w.orgA.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CONFLICT');
      expect((await api.restore('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('keeps ORG_ADMIN for an admin with another organization, and never lowers a superadmin', async () => {
      const { api } = await asSuperadmin();
      const doomed = await makeOrganization();
      const other = await makeOrganization();
      const twoOrgs = await makeAdminOf([doomed.id, other.id]);
      const oneOrg = await makeAdminOf([doomed.id]);
      const superAdmin = await makeAdminOf([doomed.id], { role: 'SUPERADMIN' });

      expect((await api.remove(doomed.id)).statusCode).toBe(200);
      expect(await roleOf(twoOrgs.email)).toBe('ORG_ADMIN');
      expect(await roleOf(oneOrg.email)).toBe('STUDENT');
      expect(await roleOf(superAdmin.email)).toBe('SUPERADMIN');

      // Restoring raises only the STUDENT it had demoted.
      expect((await api.restore(doomed.id)).statusCode).toBe(200);
      expect(await roleOf(twoOrgs.email)).toBe('ORG_ADMIN');
      expect(await roleOf(oneOrg.email)).toBe('ORG_ADMIN');
      expect(await roleOf(superAdmin.email)).toBe('SUPERADMIN');
    });
  });

  describe('lists', () => {
    it('counts admins, courses (archived ones too, as the course list) and distinct non-removed students', async () => {
      const { api } = await asSuperadmin();
      const orgA = await makeOrganization({ name: 'Alpha', slug: 'alpha' });
      const orgB = await makeOrganization({ name: 'Beta', slug: 'beta' });
      await makeAdminOf([orgA.id]);
      await makeAdminOf([orgA.id, orgB.id]);
      const c1 = await makeCourse(orgA.id);
      const c2 = await makeCourse(orgA.id);
      const archived = await makeCourse(orgA.id, { archived: true });
      const s1 = await makeUser();
      await makeEnrollment(c1.id, { email: s1.email, userId: s1.id });
      await makeEnrollment(c2.id, { email: s1.email, userId: s1.id, status: 'INACTIVE' });
      await makeEnrollment(c1.id, { email: 'pending@example.edu' });
      await makeEnrollment(archived.id, { email: 'old@example.edu' });
      const removed = await makeEnrollment(c2.id, { email: 'removed@example.edu' });
      const { db } = await getWorkerDb();
      await db
        .update(enrollments)
        .set({ removedAt: new Date() })
        .where(eq(enrollments.id, removed.id));
      // Beta: a student of Alpha enrolled here too counts for Beta as well.
      const cb = await makeCourse(orgB.id);
      await makeEnrollment(cb.id, { email: s1.email, userId: s1.id });

      const res = await api.superList();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          page: 1,
          limit: 20,
          total: 2,
          items: [
            {
              id: orgA.id,
              name: 'Alpha',
              slug: 'alpha',
              description: '',
              createdAt: iso,
              updatedAt: iso,
              deletedAt: null,
              adminCount: 2,
              // c1, c2 and the archived course: the organization's course list shows all three.
              courseCount: 3,
              // s1 (twice, counted once), pending@ and old@ (an archived course keeps its students).
              studentCount: 3,
            },
            expect.objectContaining({
              id: orgB.id,
              adminCount: 1,
              courseCount: 1,
              studentCount: 1,
            }),
          ],
        },
      });
      // The other lists and the details agree.
      expect((await api.list()).json().data.items).toEqual(res.json().data.items);
      expect((await api.superGet(orgA.id)).json().data).toMatchObject({
        adminCount: 2,
        courseCount: 3,
        studentCount: 3,
      });
    });

    it('paginates in name order', async () => {
      const { api } = await asSuperadmin();
      const made = [];
      for (const n of ['05', '03', '01', '04', '02']) {
        made.push(await makeOrganization({ name: `Org ${n}`, slug: `org-${n}` }));
      }
      const byName = [...made].sort((a, b) => a.name.localeCompare(b.name)).map((o) => o.id);
      const page2 = await api.superList({ page: 2, limit: 2 });
      expect(page2.json().data).toMatchObject({ page: 2, limit: 2, total: 5 });
      expect(ids(page2)).toEqual(byName.slice(2, 4));
      expect(ids(await api.list({ page: 3, limit: 2 }))).toEqual(byName.slice(4));
      const beyond = await api.superList({ page: 9, limit: 2 });
      expect(beyond.json().data).toEqual({ items: [], page: 9, limit: 2, total: 5 });

      const badQueries: Record<string, string | number>[] = [
        { limit: 101 },
        { page: 0 },
        { limit: 'many' },
      ];
      for (const query of badQueries) {
        const bad = await api.superList(query);
        expect(bad.statusCode, JSON.stringify(query)).toBe(400);
        expect(bad.json().details[0].path).toMatch(/^query\.(limit|page)$/);
      }
    });

    it('searches name and slug, case-insensitively, with % and _ taken literally', async () => {
      const { api } = await asSuperadmin();
      const chem = await makeOrganization({ name: 'Chemistry Dept', slug: 'chem' });
      const pct = await makeOrganization({ name: '100% Online', slug: 'online' });
      const under = await makeOrganization({ name: 'Night_School', slug: 'night' });
      const bySlug = await makeOrganization({ name: 'Faculty', slug: 'chemical-eng' });
      await makeOrganization({ name: 'Plain', slug: 'plain' });

      expect(ids(await api.superList({ search: 'CHEM' })).sort()).toEqual(
        [chem.id, bySlug.id].sort(),
      );
      expect(ids(await api.superList({ search: '%' }))).toEqual([pct.id]);
      expect(ids(await api.superList({ search: '_' }))).toEqual([under.id]);
      expect(ids(await api.list({ search: '  night ' }))).toEqual([under.id]);
      const none = await api.superList({ search: 'zzz' });
      expect(none.json().data).toMatchObject({ items: [], total: 0 });
    });

    it('GET /organizations: a superadmin sees every live one, an admin only theirs', async () => {
      const w = await makeWorld();
      const third = await makeOrganization({ name: 'Org C' });
      await makeOrgAdmin(third.id, w.adminA.id);
      const { api } = await asSuperadmin();
      expect(ids(await api.list())).toEqual([w.orgA.id, w.orgB.id, third.id]);
      const { token } = await signIn(app, w.adminA.email);
      const res = await orgApi(app, token).list({ search: 'org' });
      expect(res.json().data).toMatchObject({ total: 2 });
      expect(ids(res)).toEqual([w.orgA.id, third.id]);
    });
  });

  describe('GET /organizations/admin/my', () => {
    it("lists an admin's organizations and shows each in detail", async () => {
      const w = await makeWorld();
      const { token } = await signIn(app, w.adminA.email);
      const api = orgApi(app, token);
      const list = await api.my();
      expect(list.json().data).toMatchObject({ page: 1, limit: 20, total: 1 });
      expect(list.json().data.items).toEqual([
        expect.objectContaining({ id: w.orgA.id, adminCount: 1, courseCount: 1, studentCount: 1 }),
      ]);

      const detail = await api.myGet(w.orgA.id);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toEqual({
        ...list.json().data.items[0],
        admins: [
          {
            userId: w.adminA.id,
            email: w.adminA.email,
            fullname: 'Test User',
            avatar: null,
            role: 'ORG_ADMIN',
            appointedAt: iso,
            hasSignedIn: true,
          },
        ],
        domains: [],
      });
      expect((await api.myGet('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('for a superadmin: lists only the organizations they were appointed to', async () => {
      const w = await makeWorld();
      const { user, api } = await asSuperadmin();
      expect(ids(await api.my())).toEqual([]);
      await makeOrgAdmin(w.orgB.id, user.id);
      expect(ids(await api.my())).toEqual([w.orgB.id]);
      // Any live organization is in a superadmin's scope for the detail.
      expect((await api.myGet(w.orgA.id)).statusCode).toBe(200);
    });
  });

  describe('GET /organizations/super/{id}', () => {
    it('gives 404 for an unknown organization and 400 for a malformed id', async () => {
      const { api } = await asSuperadmin();
      expect((await api.superGet('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      const bad = await api.superGet('nope');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].path).toBe('params.id');
    });
  });
});
