import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../src/db/seed.js';
import { API, buildTestApp, decodePayload, devCredential, tempDir } from '../../helper.js';

describe('auth config', () => {
  it('tells the login page what to offer', async () => {
    const dev = await buildTestApp();
    expect((await dev.inject({ method: 'GET', url: `${API}/auth/config` })).json()).toEqual({
      success: true,
      data: { googleClientId: null, devLogin: true },
    });
    const prod = await buildTestApp({ AUTH_DEV_LOGIN: false, GOOGLE_CLIENT_ID: 'abc.apps' });
    expect((await prod.inject({ method: 'GET', url: `${API}/auth/config` })).json().data).toEqual({
      googleClientId: 'abc.apps',
      devLogin: false,
    });
  });
});

describe('development identity provider', () => {
  it('does not exist when AUTH_DEV_LOGIN is off', async () => {
    const app = await buildTestApp({ AUTH_DEV_LOGIN: false });
    const token = await app.inject({
      method: 'POST',
      url: `${API}/dev/id-token`,
      payload: { email: 'a@example.edu' },
    });
    expect(token.statusCode).toBe(404);
    expect(token.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await app.inject({ method: 'GET', url: `${API}/dev/users` })).statusCode).toBe(404);
    expect(app.routeAccess.some((r) => r.url.startsWith(`${API}/dev`))).toBe(false);
  });

  it('issues ID tokens with the documented claims from a key kept in DATA_DIR', async () => {
    const dataDir = tempDir('dev-idp');
    const app = await buildTestApp({ DATA_DIR: dataDir });
    const credential = await devCredential(app, 'Maya.Chen@Student.Northfield.edu', 'Maya Chen');
    const claims = decodePayload(credential);
    expect(claims).toMatchObject({
      iss: 'https://dev-idp.teamup.local',
      aud: 'teamup-dev-client',
      email: 'maya.chen@student.northfield.edu',
      email_verified: true,
      name: 'Maya Chen',
      picture: null,
    });
    expect(claims.sub).toMatch(/^dev\|[0-9a-f]{32}$/);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(600);
    // The subject is stable for an email, whatever its case.
    expect(decodePayload(await devCredential(app, 'maya.chen@student.northfield.edu')).sub).toBe(
      claims.sub,
    );

    const file = join(dataDir, 'dev-idp-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { kid } = JSON.parse(readFileSync(file, 'utf8')) as { kid: string };
    const header = JSON.parse(Buffer.from(credential.split('.')[0]!, 'base64url').toString());
    expect(header).toMatchObject({ alg: 'RS256', kid });

    // A restart reuses the same key.
    await buildTestApp({ DATA_DIR: dataDir });
    expect(JSON.parse(readFileSync(file, 'utf8')).kid).toBe(kid);
  });

  it('uses GOOGLE_CLIENT_ID as the audience when set', async () => {
    const app = await buildTestApp({ GOOGLE_CLIENT_ID: 'real.apps' });
    expect(decodePayload(await devCredential(app, 'a@example.edu')).aud).toBe('real.apps');
  });

  it('validates the request', async () => {
    const app = await buildTestApp();
    const res = await app.inject({
      method: 'POST',
      url: `${API}/dev/id-token`,
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('email');
  });

  it('lists users for the picker: superadmins, then org admins, then students, by name', async () => {
    const app = await buildTestApp({ SEED_DEMO: true });
    const res = await app.inject({ method: 'GET', url: `${API}/dev/users` });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { email: string; fullname: string; role: string }[];
    expect(list).toHaveLength(DEMO_USERS.length);
    expect(list[0]).toEqual({
      email: 'grace.hopper@teamup.dev',
      fullname: 'Grace Hopper',
      role: 'SUPERADMIN',
    });
    expect(list.slice(1, 3).map((u) => u.fullname)).toEqual(['Ada Lovelace', 'Alan Turing']);
    const students = list.slice(3);
    expect(students.every((u) => u.role === 'STUDENT')).toBe(true);
    const names = students.map((u) => u.fullname);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
