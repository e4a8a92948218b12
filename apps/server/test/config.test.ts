import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const SECRET = 'x'.repeat(32);
const production = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id.apps', JWT_SECRET: SECRET };

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/teamup');
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/teamup/.data',
      DATABASE_URL: undefined,
      // Issue 35: the address it listens on (HOST), so links open where one signed in.
      PUBLIC_URL: 'http://127.0.0.1:3000',
      SMTP_URL: undefined,
      MAIL_FROM: 'Teamup <no-reply@localhost>',
      GOOGLE_CLIENT_ID: undefined,
      AUTH_DEV_LOGIN: true,
      SUPERADMIN_EMAILS: [],
      JWT_SECRET: undefined,
      ACCESS_TOKEN_TTL: 900,
      REFRESH_TOKEN_TTL: 30 * 86_400,
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_MAX: 30,
      TEAM_ASK_LIMIT: 5,
      TRUST_PROXY: false,
    });
    expect(config.WEB_DIST_DIR).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('derives PUBLIC_URL from the address the server listens on (issue 35)', () => {
    const at = (env: Record<string, string>) => loadConfig(env, '/app').PUBLIC_URL;
    expect(at({})).toBe('http://127.0.0.1:3000');
    expect(at({ HOST: 'localhost', PORT: '3001' })).toBe('http://localhost:3001');
    expect(at({ HOST: '0.0.0.0' })).toBe('http://127.0.0.1:3000');
    expect(at({ HOST: '::1' })).toBe('http://[::1]:3000');
    expect(at({ HOST: '10.1.2.3' })).toBe('http://10.1.2.3:3000');
    expect(at({ HOST: '0.0.0.0', PUBLIC_URL: 'https://teamup.example.edu/' })).toBe(
      'https://teamup.example.edu',
    );
    expect(loadConfig({ HOST: 'teamup.local' }, '/app').MAIL_FROM).toBe(
      'Teamup <no-reply@teamup.local>',
    );
  });

  it('derives PUBLIC_URL from PORT and parses every kind of value', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: 'var/data',
        AUTH_DEV_LOGIN: 'OFF',
        SEED_DEMO: '1',
        SUPERADMIN_EMAILS: ' Grace@Example.edu, bob@example.edu ,',
        ACCESS_TOKEN_TTL: '3600s',
        REFRESH_TOKEN_TTL: '12h',
        AUTH_RATE_LIMIT_MAX: '5',
        TEAM_ASK_LIMIT: '50',
        WEB_DIST_DIR: 'web',
      },
      '/app',
    );
    expect(config).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      DATA_DIR: '/app/var/data',
      AUTH_DEV_LOGIN: false,
      SEED_DEMO: true,
      SUPERADMIN_EMAILS: ['grace@example.edu', 'bob@example.edu'],
      ACCESS_TOKEN_TTL: 3600,
      REFRESH_TOKEN_TTL: 43_200,
      AUTH_RATE_LIMIT_MAX: 5,
      TEAM_ASK_LIMIT: 50,
      WEB_DIST_DIR: resolve('/app', 'web'),
    });
  });

  it('does not seed demo data on PostgreSQL or in production by default', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/db' }).SEED_DEMO).toBe(false);
    expect(loadConfig(production).SEED_DEMO).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/db', SEED_DEMO: 'on' }).SEED_DEMO,
    ).toBe(true);
  });

  it("reads the SMTP server and the sender, defaulting the sender to PUBLIC_URL's host", () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://teamup:secret@mail.example.edu:587',
      PUBLIC_URL: 'https://teamup.example.edu/',
    });
    expect(config.SMTP_URL).toBe('smtp://teamup:secret@mail.example.edu:587');
    expect(config.MAIL_FROM).toBe('Teamup <no-reply@teamup.example.edu>');
    expect(loadConfig({ MAIL_FROM: 'Course Teams <teams@uni.example.edu>' }).MAIL_FROM).toBe(
      'Course Teams <teams@uni.example.edu>',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', GOOGLE_CLIENT_ID: ' ' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', 'PORT: expected a number'],
    ['PORT', '70000', 'PORT: expected a number from 0 to 65535'],
    ['NODE_ENV', 'staging', 'NODE_ENV:'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL:'],
    ['PUBLIC_URL', 'localhost:3000', 'PUBLIC_URL:'],
    ['SMTP_URL', 'mail.example.edu:587', 'SMTP_URL: expected smtp://'],
    ['SMTP_URL', 'https://mail.example.edu', 'SMTP_URL: expected smtp://'],
    ['AUTH_DEV_LOGIN', 'maybe', 'AUTH_DEV_LOGIN: expected on/off'],
    ['SEED_DEMO', 'sometimes', 'SEED_DEMO: expected on/off'],
    ['SUPERADMIN_EMAILS', 'grace@example.edu,not-an-email', 'SUPERADMIN_EMAILS:'],
    ['JWT_SECRET', 'short', 'JWT_SECRET: must be at least 32 characters'],
    ['ACCESS_TOKEN_TTL', '15 minutes', 'ACCESS_TOKEN_TTL: expected a duration'],
    ['REFRESH_TOKEN_TTL', '0d', 'REFRESH_TOKEN_TTL: expected a duration'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL:'],
    ['AUTH_RATE_LIMIT_MAX', '0', 'AUTH_RATE_LIMIT_MAX:'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY: expected off, on or a comma list'],
    ['TRUST_PROXY', '2', 'TRUST_PROXY: hop counts are not supported'],
    ['TRUST_PROXY', '10.0.0.0/33', 'TRUST_PROXY: expected off, on or a comma list'],
    ['TRUST_PROXY', '10.0.0.1, lb.internal', 'TRUST_PROXY:'],
    ['TRUST_PROXY', ',', 'TRUST_PROXY:'],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`Invalid configuration: ${message}`);
  });

  it.each([
    ['off', false],
    ['0', false],
    ['on', true],
    ['TRUE', true],
    ['10.0.0.5', ['10.0.0.5']],
    [' 10.0.0.0/8, 192.168.1.0/24 ,loopback', ['10.0.0.0/8', '192.168.1.0/24', 'loopback']],
    ['fd00::/8,::1', ['fd00::/8', '::1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses to start the development identity provider in production', () => {
    expect(() => loadConfig({ ...production, AUTH_DEV_LOGIN: 'on' })).toThrow(/AUTH_DEV_LOGIN/);
    expect(loadConfig(production).AUTH_DEV_LOGIN).toBe(false);
  });

  it('requires GOOGLE_CLIENT_ID and JWT_SECRET in production', () => {
    expect(() => loadConfig({ ...production, GOOGLE_CLIENT_ID: undefined })).toThrow(
      'GOOGLE_CLIENT_ID: required when NODE_ENV=production',
    );
    expect(() => loadConfig({ ...production, JWT_SECRET: undefined })).toThrow(
      'JWT_SECRET: required when NODE_ENV=production',
    );
    expect(() => loadConfig({ ...production, JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET/);
  });
});
