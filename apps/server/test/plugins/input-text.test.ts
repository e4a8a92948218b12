import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { csvUploads, enrollments, teams, users } from '../../src/db/schema/index.js';
import { unstorableTextPaths } from '../../src/plugins/input-text.js';
import { makeEnrollment, makeWorld } from '../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../helper.js';

// Decision 080: a NUL or a lone UTF-16 surrogate in any text input is refused once, before
// validation, with 400 VALIDATION_ERROR naming the field; nothing reaches the database.

const MESSAGE = 'Contains a character that cannot be stored (a NUL or an unpaired surrogate)';

async function rows(table: typeof teams | typeof csvUploads | typeof users): Promise<number> {
  const { db } = await getWorkerDb();
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}

describe('unstorableTextPaths', () => {
  it('names every string with a NUL or a lone surrogate, nested, in arrays and in keys', () => {
    const value = {
      name: 'ok',
      bad: 'a\u0000b',
      nested: { list: ['fine', '\ud800x', 'x\udc00'], deep: { text: 'é 😀 ok' } },
      ['key\u0000']: 'value',
    };
    expect(unstorableTextPaths(value).sort()).toEqual(
      ['bad', 'key\u0000', 'nested.list.1', 'nested.list.2'].sort(),
    );
    expect(unstorableTextPaths({ search: 'x\u0000' }, 'query')).toEqual(['query.search']);
    expect(unstorableTextPaths('\u0000')).toEqual(['body']);
    // A well-formed pair (an emoji) and ordinary text pass.
    expect(unstorableTextPaths({ a: '😀', b: 'Team 🚀 Ünïcode', c: 1, d: null })).toEqual([]);
  });
});

describe('text the database cannot store', () => {
  let app: FastifyInstance;
  let world: Awaited<ReturnType<typeof makeWorld>>;
  let student: string;
  let admin: string;

  beforeEach(async () => {
    app = await buildTestApp();
    world = await makeWorld();
    student = (await signIn(app, world.student.email)).token;
    admin = (await signIn(app, world.adminA.email)).token;
  });

  const expectRefused = (
    res: { statusCode: number; json: () => unknown },
    paths: string[],
  ): void => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'The request is not valid',
      details: paths.map((path) => ({ path, message: MESSAGE })),
    });
  };

  it('refuses a NUL in a team name and a lone surrogate in its description; no team is made', async () => {
    const url = `${API}/student/courses/${world.courseA.id}/teams`;
    const nul = await app.inject({
      method: 'POST',
      url,
      headers: bearer(student),
      payload: { name: 'Byte\u0000Club' },
    });
    expectRefused(nul, ['name']);
    // JSON.stringify would escape the surrogate the same way; written out to be explicit.
    const surrogate = await app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(student), 'content-type': 'application/json' },
      payload: '{"name":"Byte Club","description":"half \\ud83d of an emoji"}',
    });
    expectRefused(surrogate, ['description']);
    expect(await rows(teams)).toBe(0);
    // The same names, well formed, make the team.
    const ok = await app.inject({
      method: 'POST',
      url,
      headers: bearer(student),
      payload: { name: 'Byte Club 🚀', description: 'a whole 😀 emoji' },
    });
    expect(ok.statusCode).toBe(201);
    expect(await rows(teams)).toBe(1);
  });

  it('refuses a NUL in the sign-in name of the development identity provider', async () => {
    const before = await rows(users);
    const res = await app.inject({
      method: 'POST',
      url: `${API}/dev/id-token`,
      payload: { email: 'nul-name@example.edu', fullname: 'Ann\u0000Lee' },
    });
    expectRefused(res, ['fullname']);
    expect(await rows(users)).toBe(before);
  });

  it('refuses a NUL or a lone surrogate in a search of every kind', async () => {
    for (const url of [
      `${API}/admin/students?search=a%00b`,
      `${API}/student/teams?search=%00`,
      `${API}/courses?search=x%00`,
      `${API}/admin/csv-uploads?q=%00`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(admin) });
      const name = url.includes('q=') ? 'query.q' : 'query.search';
      expectRefused(res, [name]);
    }
    // A lone surrogate has no UTF-8 form: its CESU-8 bytes in a query string do not decode to
    // one (they become U+FFFD), so the search runs instead of failing.
    const lone = await app.inject({
      method: 'GET',
      url: `${API}/admin/students?search=x%ED%A0%80`,
      headers: bearer(admin),
    });
    expect(lone.statusCode).toBe(200);
    // Ordinary text still searches.
    const ok = await app.inject({
      method: 'GET',
      url: `${API}/admin/students?search=${encodeURIComponent('Sam 😀')}`,
      headers: bearer(admin),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a NUL in a path parameter and names it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/courses/${world.courseA.id}%00`,
      headers: bearer(admin),
    });
    expectRefused(res, ['params.id']);
  });

  it('names nested fields (a skill in the profile) and every bad field at once', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `${API}/auth/profile/update`,
      headers: { ...bearer(student), 'content-type': 'application/json' },
      payload: '{"fullname":"Sam\\u0000","skills":["React","\\udfff"]}',
    });
    expectRefused(res, ['fullname', 'skills.1']);
    const { db } = await getWorkerDb();
    const [user] = await db
      .select({ fullname: users.fullname })
      .from(users)
      .where(eq(users.id, world.student.id));
    expect(user!.fullname).toBe(world.student.fullname);
  });

  it('answers the access check first: an anonymous caller gets 401, not the field', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/admin/students?search=%00`,
    });
    expect(res.statusCode).toBe(401);
  });

  describe('multipart text fields', () => {
    const boundary = 'teamup-boundary';
    const form = (courseId: string, fileName: string) =>
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="courseId"',
        '',
        courseId,
        `--${boundary}`,
        `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
        'Content-Type: text/csv',
        '',
        'email,fullname',
        'kim@example.edu,Kim Park',
        `--${boundary}--`,
        '',
      ].join('\r\n');
    const upload = (payload: string) =>
      app.inject({
        method: 'POST',
        url: `${API}/csv/upload`,
        headers: {
          ...bearer(admin),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });

    it('refuses a NUL in the courseId field and in the file name; nothing is stored', async () => {
      const field = await upload(form(`${world.courseA.id}\u0000`, 'roster.csv'));
      expect(field.statusCode).toBe(400);
      expect(field.json().details).toEqual([{ path: 'courseId', message: MESSAGE }]);
      const name = await upload(form(world.courseA.id, 'ros\u0000ter.csv'));
      expect(name.statusCode).toBe(400);
      expect(name.json().details).toEqual([{ path: 'file', message: `File name: ${MESSAGE}` }]);
      expect(await rows(csvUploads)).toBe(0);
      const ok = await upload(form(world.courseA.id, 'roster.csv'));
      expect(ok.statusCode).toBe(202);
      expect(await rows(csvUploads)).toBe(1);
    });
  });

  it('keeps enrolled students able to use text with emoji and accents', async () => {
    await makeEnrollment(world.courseA.id, { email: 'zoe@example.edu', fullname: 'Zoë 😀' });
    const res = await app.inject({
      method: 'GET',
      url: `${API}/admin/course/${world.courseA.id}/students?search=${encodeURIComponent('Zoë')}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(1);
  });
});

// Issue 34 item 10 (decision 142): control characters never reach a stored field. A single-line
// field (a name, a title) keeps one line, a multi-line one (a description, a bio) keeps `\n`;
// a person's or a team's name typed with `<` or `>` is refused, naming the field.
describe('control characters and markup in stored text', () => {
  let app: FastifyInstance;
  let world: Awaited<ReturnType<typeof makeWorld>>;
  let student: string;
  let admin: string;

  beforeEach(async () => {
    app = await buildTestApp();
    world = await makeWorld();
    student = (await signIn(app, world.student.email)).token;
    admin = (await signIn(app, world.adminA.email)).token;
  });

  const NAME_MESSAGE = 'A name cannot contain < or >';

  it('a team name keeps one line and its description its line breaks, without controls', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/student/courses/${world.courseA.id}/teams`,
      headers: bearer(student),
      payload: {
        name: '  Byte\r\nClub\t\u0007 2 ',
        description: 'We build\r\nthings\u001b[31m\ttogether\rdaily\u0085',
        wantedSkills: ['Type\nScript'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { db } = await getWorkerDb();
    const [team] = await db
      .select({ name: teams.name, description: teams.description })
      .from(teams);
    expect(team).toEqual({
      name: 'Byte Club 2',
      description: 'We build\nthings[31m together\ndaily',
    });
    expect(res.json().data.wantedSkills).toEqual(['Type Script']);
  });

  it('refuses < or > in a team name, and in a person name, naming the field; nothing changes', async () => {
    const team = await app.inject({
      method: 'POST',
      url: `${API}/student/courses/${world.courseA.id}/teams`,
      headers: bearer(student),
      payload: { name: '<b>Byte</b> Club' },
    });
    expect(team.statusCode).toBe(400);
    expect(team.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'name', message: NAME_MESSAGE }],
    });
    expect(await rows(teams)).toBe(0);

    const profile = await app.inject({
      method: 'PATCH',
      url: `${API}/auth/profile/update`,
      headers: bearer(student),
      payload: { fullname: 'Sam <img src=x onerror=alert(1)>' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().details).toEqual([{ path: 'fullname', message: NAME_MESSAGE }]);

    const added = await app.inject({
      method: 'POST',
      url: `${API}/admin/students/manual-add`,
      headers: bearer(admin),
      payload: { courseId: world.courseA.id, email: 'kim@example.edu', fullname: 'Kim <Park>' },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().details).toEqual([{ path: 'fullname', message: NAME_MESSAGE }]);
  });

  it("a person's name and bio: one line, and line breaks kept", async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `${API}/auth/profile/update`,
      headers: bearer(student),
      payload: {
        fullname: 'Sam\r\n  Student\u009b',
        headline: 'Full\nstack',
        bio: 'Line one\r\nLine two\u0008',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { db } = await getWorkerDb();
    const [user] = await db
      .select({ fullname: users.fullname, bio: users.bio, headline: users.headline })
      .from(users)
      .where(eq(users.id, world.student.id));
    expect(user).toEqual({
      fullname: 'Sam Student',
      bio: 'Line one\nLine two',
      headline: 'Full stack',
    });

    const added = await app.inject({
      method: 'POST',
      url: `${API}/admin/students/manual-add`,
      headers: bearer(admin),
      payload: { courseId: world.courseA.id, email: 'kim@example.edu', fullname: 'Kim\nPark' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [kim] = await db
      .select({ fullname: enrollments.fullname })
      .from(enrollments)
      .where(eq(enrollments.email, 'kim@example.edu'));
    expect(kim!.fullname).toBe('Kim Park');
  });

  it('course, organization and LMS names keep one line', async () => {
    const course = await app.inject({
      method: 'PATCH',
      url: `${API}/courses/${world.courseA.id}/update`,
      headers: bearer(admin),
      payload: { title: 'Distributed\r\nSystems', description: 'Week 1\r\nWeek 2\u0007' },
    });
    expect(course.statusCode, course.body).toBe(200);
    expect(course.json().data).toMatchObject({
      title: 'Distributed Systems',
      description: 'Week 1\nWeek 2',
    });

    const superadmin = (await signIn(app, world.superadmin.email)).token;
    const org = await app.inject({
      method: 'POST',
      url: `${API}/organizations`,
      headers: bearer(superadmin),
      payload: { name: 'North\nfield\tUniversity', slug: 'northfield-u' },
    });
    expect(org.statusCode, org.body).toBe(201);
    expect(org.json().data.name).toBe('North field University');

    const platform = await app.inject({
      method: 'POST',
      url: `${API}/admin/lti/platforms`,
      headers: bearer(admin),
      payload: {
        name: 'Uni\r\nMoodle',
        issuer: 'https://moodle.uni.example.edu',
        clientId: 'client-1',
        authorizationUrl: 'https://moodle.uni.example.edu/mod/lti/auth.php',
        tokenUrl: 'https://moodle.uni.example.edu/mod/lti/token.php',
        jwksUrl: 'https://moodle.uni.example.edu/mod/lti/certs.php',
        deploymentIds: ['1'],
      },
    });
    expect(platform.statusCode, platform.body).toBe(201);
    expect(platform.json().data.name).toBe('Uni Moodle');
  });
});
