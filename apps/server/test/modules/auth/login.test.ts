import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/index.js';
import {
  API,
  TEST_GOOGLE_CLIENT_ID,
  bearer,
  buildTestApp,
  getWorkerDb,
  googleIdToken,
  login,
  setRole,
  signIn,
} from '../../helper.js';

async function userByEmail(email: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('sign-in with the development identity provider', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  it('creates the user, opens a session and sets the refresh cookie', async () => {
    const { response, user, token } = await signIn(app, 'New.Student@Example.EDU', 'New Student', {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36',
    });
    const body = response.json();
    expect(body).toMatchObject({ success: true, data: { activatedEnrollments: [] } });
    expect(user).toMatchObject({
      email: 'new.student@example.edu',
      fullname: 'New Student',
      role: 'STUDENT',
      avatar: null,
    });
    const expiresAt = Date.parse(user.expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(token.split('.')).toHaveLength(3);

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^teamup_refresh=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/v1/auth');
    expect(setCookie).toContain('Max-Age=2592000');
    expect(setCookie).not.toContain('Secure');

    const row = await userByEmail('new.student@example.edu');
    expect(row?.lastSignInAt).toBeInstanceOf(Date);
    expect(row?.googleSub).toMatch(/^dev\|/);

    const me = await app.inject({
      method: 'GET',
      url: `${API}/auth/session/me`,
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual(user);
  });

  it('finds the same user again and keeps their chosen name', async () => {
    const first = await signIn(app, 'returning@example.edu', 'First Name');
    const second = await signIn(app, 'RETURNING@example.edu', 'Other Name');
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.fullname).toBe('First Name');
  });

  it('falls back to the local part of the email for a name', async () => {
    const { user } = await signIn(app, 'no.name@example.edu');
    expect(user.fullname).toBe('no.name');
  });

  it('keeps a stored role: sign-in never lowers it', async () => {
    await signIn(app, 'admin@example.edu');
    await setRole('admin@example.edu', 'ORG_ADMIN');
    const again = await signIn(app, 'admin@example.edu');
    expect(again.user.role).toBe('ORG_ADMIN');
  });

  it('uses secure cookies when the public URL is https', async () => {
    const httpsApp = await buildTestApp({ PUBLIC_URL: 'https://teamup.example.edu' });
    const { response } = await signIn(httpsApp, 'secure@example.edu');
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });
});

describe('SUPERADMIN_EMAILS', () => {
  it('makes listed users superadmins at sign-in, for new and existing users', async () => {
    const plain = await buildTestApp();
    await signIn(plain, 'boss@example.edu');
    const app = await buildTestApp({
      SUPERADMIN_EMAILS: ['boss@example.edu', 'chief@example.edu'],
    });
    expect((await signIn(app, 'Boss@example.edu')).user.role).toBe('SUPERADMIN');
    expect((await signIn(app, 'chief@example.edu')).user.role).toBe('SUPERADMIN');
    expect((await signIn(app, 'someone@example.edu')).user.role).toBe('STUDENT');
  });
});

describe('sign-in with Google', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID });
  });

  it('accepts a Google ID token and takes name and picture from it', async () => {
    const credential = await googleIdToken({
      claims: { email: 'Jane.Doe@Gmail.com', name: 'Jane Doe', sub: '1234567890' },
    });
    const res = await login(app, credential);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      email: 'jane.doe@gmail.com',
      fullname: 'Jane Doe',
      avatar: 'https://lh3.googleusercontent.com/a/test',
    });
    expect((await userByEmail('jane.doe@gmail.com'))?.googleSub).toBe('1234567890');
  });

  it('links a Google account to a user known by email, keeping their avatar', async () => {
    const { db } = await getWorkerDb();
    await db.insert(users).values({
      email: 'appointed@example.edu',
      fullname: 'Appointed Admin',
      role: 'ORG_ADMIN',
      avatar: 'https://example.edu/me.png',
    });
    const res = await login(
      app,
      await googleIdToken({ claims: { email: 'appointed@example.edu', sub: 'g-appointed' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      fullname: 'Appointed Admin',
      role: 'ORG_ADMIN',
      avatar: 'https://example.edu/me.png',
    });
    // Later sign-ins find the user by subject even if the email changed at Google.
    const again = await login(
      app,
      await googleIdToken({ claims: { email: 'renamed@example.edu', sub: 'g-appointed' } }),
    );
    expect(again.json().data.user.email).toBe('appointed@example.edu');
  });

  it('accepts the issuer without a scheme too', async () => {
    const res = await login(app, await googleIdToken({ claims: { iss: 'accounts.google.com' } }));
    expect(res.statusCode).toBe(200);
  });
});
