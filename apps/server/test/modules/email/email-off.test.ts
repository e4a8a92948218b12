// Without SMTP_URL in production (issue 26): the server says once at start that email is off,
// keeps working, has no development mailbox, and System health shows email as off.
import { describe, expect, it } from 'vitest';
import { API, buildTestApp } from '../../helper.js';

function logLines() {
  const lines: { level: number; msg: string }[] = [];
  return {
    lines,
    stream: {
      write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]),
    },
  };
}

describe('email off', () => {
  it('says once at start that email is off, and the development mailbox does not exist', async () => {
    const log = logLines();
    const app = await buildTestApp(
      {
        NODE_ENV: 'production',
        AUTH_DEV_LOGIN: false,
        SMTP_URL: undefined,
        LOG_LEVEL: 'info',
        GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      },
      { logStream: log.stream, mail: false },
    );
    const off = log.lines.filter((l) => /email is off/.test(l.msg));
    expect(off).toHaveLength(1);
    expect(off[0]!.level).toBe(40);
    expect((await app.inject({ method: 'GET', url: `${API}/dev/mail` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${API}/healthcheck` })).statusCode).toBe(200);
  });

  it('with the development sign-in and no SMTP server, mail goes to the development mailbox', async () => {
    const app = await buildTestApp({ SMTP_URL: undefined }, { mail: false });
    const res = await app.inject({ method: 'GET', url: `${API}/dev/mail` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [] });
  });
});
