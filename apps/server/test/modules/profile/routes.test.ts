import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/db/schema/index.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

describe('profile', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const getProfile = (token: string) =>
    app.inject({ method: 'GET', url: `${API}/auth/profile`, headers: bearer(token) });
  const update = (token: string, payload: unknown) =>
    app.inject({
      method: 'PATCH',
      url: `${API}/auth/profile/update`,
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });

  it('shows my profile', async () => {
    const { token, user } = await signIn(app, 'profile@example.edu', 'Pro File');
    const res = await getProfile(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: user.id,
      email: 'profile@example.edu',
      fullname: 'Pro File',
      avatar: null,
      role: 'STUDENT',
      bio: '',
      headline: '',
      skills: [],
      links: [],
      profileVisibility: 'CLASSMATES',
      showEmail: false,
      createdAt: expect.any(String),
      lastSignInAt: expect.any(String),
    });
  });

  it('updates any subset of fields', async () => {
    const { token } = await signIn(app, 'editor@example.edu', 'Ed Itor');
    const res = await update(token, {
      fullname: '  Edith Itor ',
      bio: 'Backend, mostly.',
      headline: '  Backend at heart ',
      skills: [' Go', 'PostgreSQL ', 'node.JS'],
      links: [{ label: 'GitHub', url: 'https://github.com/edith' }],
      profileVisibility: 'ORGANIZATION',
      showEmail: true,
      avatar: 'https://example.edu/edith.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        fullname: 'Edith Itor',
        bio: 'Backend, mostly.',
        headline: 'Backend at heart',
        // Trimmed, shown as typed.
        skills: ['Go', 'PostgreSQL', 'node.JS'],
        links: [{ label: 'GitHub', url: 'https://github.com/edith' }],
        profileVisibility: 'ORGANIZATION',
        showEmail: true,
        avatar: 'https://example.edu/edith.png',
      },
    });
    const partial = await update(token, { showEmail: false });
    expect(partial.json().data).toMatchObject({
      showEmail: false,
      profileVisibility: 'ORGANIZATION',
      bio: 'Backend, mostly.',
    });
    expect((await getProfile(token)).json().data).toEqual(partial.json().data);
  });

  it('refuses invalid changes and changes nothing', async () => {
    const { token } = await signIn(app, 'careful@example.edu', 'Care Ful');
    const full = {
      headline: 'h'.repeat(120),
      skills: Array.from({ length: 15 }, (_, i) => `Skill ${i}`),
      showEmail: true,
    };
    expect((await update(token, full)).statusCode).toBe(200);
    const before = (await getProfile(token)).json().data;
    expect(before).toMatchObject(full);
    const cases: [unknown, string][] = [
      [{ bio: 'x'.repeat(1001) }, 'bio'],
      [{ links: [{ label: 'Bad', url: 'javascript:alert(1)' }] }, 'links.0.url'],
      [{ skills: Array.from({ length: 31 }, (_, i) => `s${i}`) }, 'skills'],
      [{ skills: Array.from({ length: 16 }, (_, i) => `skill ${i}`) }, 'skills'],
      [{ skills: ['Go', 'SQL', ' go'] }, 'skills'],
      [{ skills: ['x'.repeat(41)] }, 'skills.0'],
      [{ skills: ['  '] }, 'skills.0'],
      [{ headline: 'h'.repeat(121) }, 'headline'],
      [{ profileVisibility: 'EVERYONE' }, 'profileVisibility'],
      [{ showEmail: 'yes' }, 'showEmail'],
      [{ lookingForTeam: true }, 'lookingForTeam'],
      [{ fullname: '   ' }, 'fullname'],
      [{ role: 'SUPERADMIN' }, 'role'],
      [{ bio: 'fine', email: 'other@example.edu' }, 'email'],
      [{}, ''],
    ];
    for (const [payload, path] of cases) {
      const res = await update(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await getProfile(token)).json().data).toEqual(before);
  });

  it('keeps lower-cased skill keys for matching while showing skills as typed', async () => {
    const { token, user } = await signIn(app, 'keys@example.edu', 'Key Holder');
    await update(token, { skills: ['TypeScript', ' UX Research '] });
    const { db } = await getWorkerDb();
    const [row] = await db
      .select({ skills: users.skills, keys: users.skillKeys })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({
      skills: ['TypeScript', 'UX Research'],
      keys: ['typescript', 'ux research'],
    });
  });

  it('requires sign-in', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `${API}/auth/profile/update`,
      payload: { bio: 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
