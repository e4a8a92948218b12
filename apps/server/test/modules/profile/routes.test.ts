import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';

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
      skills: [],
      links: [],
      lookingForTeam: false,
      createdAt: expect.any(String),
      lastSignInAt: expect.any(String),
    });
  });

  it('updates any subset of fields', async () => {
    const { token } = await signIn(app, 'editor@example.edu', 'Ed Itor');
    const res = await update(token, {
      fullname: '  Edith Itor ',
      bio: 'Backend, mostly.',
      skills: ['Go', 'SQL', 'Go'],
      links: [{ label: 'GitHub', url: 'https://github.com/edith' }],
      lookingForTeam: true,
      avatar: 'https://example.edu/edith.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        fullname: 'Edith Itor',
        bio: 'Backend, mostly.',
        skills: ['Go', 'SQL'],
        links: [{ label: 'GitHub', url: 'https://github.com/edith' }],
        lookingForTeam: true,
        avatar: 'https://example.edu/edith.png',
      },
    });
    const partial = await update(token, { lookingForTeam: false });
    expect(partial.json().data).toMatchObject({ lookingForTeam: false, bio: 'Backend, mostly.' });
    expect((await getProfile(token)).json().data).toEqual(partial.json().data);
  });

  it('refuses invalid changes and changes nothing', async () => {
    const { token } = await signIn(app, 'careful@example.edu', 'Care Ful');
    const before = (await getProfile(token)).json().data;
    const cases: [unknown, string][] = [
      [{ bio: 'x'.repeat(1001) }, 'bio'],
      [{ links: [{ label: 'Bad', url: 'javascript:alert(1)' }] }, 'links.0.url'],
      [{ skills: Array.from({ length: 31 }, (_, i) => `s${i}`) }, 'skills'],
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
