// The course admin page's Teams section for the course's staff (issue 35, item 1): the student
// team routes answer 404 to anyone not enrolled, so staff read and change a course's teams on
// the staff routes GET /admin/courses/:courseId/teams, GET /admin/teams/:id and
// DELETE /admin/teams/:teamId/members/:memberId. Another course's staff get 403, another
// organization's admin 404, a student of the course 403; nothing changes on a refusal.
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCourse, makeEnrollment, makeTeam, makeUser, makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';

type World = Awaited<ReturnType<typeof makeWorld>>;

let app: FastifyInstance;
let w: World;
let admin: Record<string, string>;
let ta: Record<string, string>;
let otherTa: Record<string, string>;
let team: { id: string; name: string };
let memberId: string;

const call = (headers: Record<string, string>, method: 'GET' | 'DELETE', path: string) =>
  app.inject({ method, url: `${API}${path}`, headers });

const as = async (email: string) => bearer((await signIn(app, email)).token);

async function appoint(email: string, courseId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/admin/courses/${courseId}/staff`,
    headers: admin,
    payload: { email, role: 'TEACHING_ASSISTANT' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeEach(async () => {
  app = await buildTestApp({}, { csvWorker: false });
  w = await makeWorld();
  admin = await as(w.adminA.email);
  const member = await makeUser({ email: 'mia.member@example.edu', fullname: 'Mia Member' });
  await makeEnrollment(w.courseA.id, { email: member.email, userId: member.id });
  memberId = member.id;
  team = await makeTeam(w.courseA.id, w.student.id, { name: 'Compilers', members: [member.id] });
  // A TA of course A, and a TA of another course of the same organization.
  await makeUser({ email: 'tia.ta@example.edu', fullname: 'Tia Assistant' });
  await makeUser({ email: 'otto.ta@example.edu', fullname: 'Otto Assistant' });
  await appoint('tia.ta@example.edu', w.courseA.id);
  const courseA2 = await makeCourse(w.orgA.id, { code: 'A202', title: 'Another course of A' });
  await appoint('otto.ta@example.edu', courseA2.id);
  ta = await as('tia.ta@example.edu');
  otherTa = await as('otto.ta@example.edu');
});

describe("course staff and the course's teams", () => {
  it('a TA reads the teams and a team, where the student routes answer 404', async () => {
    // What the page called before: refused to staff, who are not enrolled.
    expect((await call(ta, 'GET', `/student/courses/${w.courseA.id}/teams`)).statusCode).toBe(404);
    expect((await call(ta, 'GET', `/student/teams/${team.id}`)).statusCode).toBe(404);

    const list = await call(ta, 'GET', `/admin/courses/${w.courseA.id}/teams?search=comp`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({
      total: 1,
      items: [expect.objectContaining({ id: team.id, name: 'Compilers', memberCount: 2 })],
    });
    const detail = await call(ta, 'GET', `/admin/teams/${team.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.members.map((m: { fullname: string }) => m.fullname)).toEqual([
      'Sam Student',
      'Mia Member',
    ]);
    // Admins see every email of their course; its staff see them too.
    expect(detail.json().data.members[1].email).toBe('mia.member@example.edu');
  });

  it('a TA removes a member at any time; the team then has one member', async () => {
    const res = await call(ta, 'DELETE', `/admin/teams/${team.id}/members/${memberId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.members).toHaveLength(1);
    expect(res.json().message).toBe('Member removed from Compilers');
  });

  it("another course's staff get 403, another organization's admin 404, a student 403", async () => {
    const adminB = await as(w.adminB.email);
    const student = await as(w.student.email);
    const paths = [
      ['GET', `/admin/courses/${w.courseA.id}/teams`],
      ['GET', `/admin/teams/${team.id}`],
      ['DELETE', `/admin/teams/${team.id}/members/${memberId}`],
    ] as const;
    for (const [method, path] of paths) {
      expect((await call(otherTa, method, path)).statusCode, `${method} ${path}`).toBe(403);
      expect((await call(adminB, method, path)).statusCode, `${method} ${path}`).toBe(404);
      expect((await call(student, method, path)).statusCode, `${method} ${path}`).toBe(403);
    }
    // Nothing changed: both members are still in the team.
    const detail = await call(admin, 'GET', `/admin/teams/${team.id}`);
    expect(detail.json().data.members).toHaveLength(2);
  });

  it('bad input is a 400 in the error envelope', async () => {
    const res = await call(ta, 'GET', `/admin/courses/not-a-uuid/teams`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: expect.any(String) });
    const page = await call(ta, 'GET', `/admin/courses/${w.courseA.id}/teams?page=0`);
    expect(page.statusCode).toBe(400);
  });
});
