import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  openUrl,
  portMessage,
  readyLine,
  reservePort,
  StartupError,
  usesDataDir,
} from '../../src/lib/startup-checks.js';

const config = (env: Record<string, string> = {}) => loadConfig({ PORT: '3000', ...env }, '/srv');

describe('startup checks', () => {
  it('prints the address to open: PUBLIC_URL when set, else the listening address and port', () => {
    // Issue 35: the same address the links are written with (PUBLIC_URL's default).
    expect(openUrl(config(), 3000)).toBe('http://127.0.0.1:3000');
    expect(openUrl(config(), 3000)).toBe(config().PUBLIC_URL);
    expect(openUrl(config({ PORT: '0' }), 41234)).toBe('http://127.0.0.1:41234');
    expect(openUrl(config({ HOST: '0.0.0.0' }), 3000)).toBe('http://127.0.0.1:3000');
    expect(openUrl(config({ HOST: 'localhost' }), 3000)).toBe('http://localhost:3000');
    expect(openUrl(config({ HOST: '10.1.2.3' }), 3000)).toBe('http://10.1.2.3:3000');
    expect(openUrl(config({ HOST: 'fd00::5' }), 3000)).toBe('http://[fd00::5]:3000');
    expect(openUrl(config({ PUBLIC_URL: 'https://teamup.example.edu/' }), 3000)).toBe(
      'https://teamup.example.edu',
    );
  });

  it('adds the demo sign-in hint only when demo data and the picker are both on', () => {
    const hint = ' — choose Sign in and pick a demo user under "Sign in as…"';
    expect(readyLine(config({ SEED_DEMO: 'on' }), 3000)).toBe(
      `Teamup is running at http://127.0.0.1:3000${hint}`,
    );
    expect(readyLine(config({ SEED_DEMO: 'off' }), 3000)).toBe(
      'Teamup is running at http://127.0.0.1:3000',
    );
    expect(readyLine(config({ SEED_DEMO: 'on', AUTH_DEV_LOGIN: 'off' }), 3000)).toBe(
      'Teamup is running at http://127.0.0.1:3000',
    );
  });

  it('checks DATA_DIR only when something is written there', () => {
    expect(usesDataDir(config())).toBe(true);
    const postgres = { DATABASE_URL: 'postgres://u:p@db/teamup' };
    expect(usesDataDir(config(postgres))).toBe(true); // generated secret and dev keys
    expect(
      usesDataDir(config({ ...postgres, JWT_SECRET: 'x'.repeat(32), AUTH_DEV_LOGIN: 'off' })),
    ).toBe(false);
  });

  it('refuses a taken port with one line naming PORT, and holds a free one until released', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as AddressInfo).port;
    const error = await reservePort({ PORT: taken, HOST: '127.0.0.1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      `PORT ${taken} is already in use on 127.0.0.1; stop the other server or set PORT to a free port`,
    );
    await new Promise((resolve) => holder.close(resolve));

    const reserved = await reservePort({ PORT: taken, HOST: '127.0.0.1' });
    const second = await reservePort({ PORT: taken, HOST: '127.0.0.1' }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(StartupError);
    await reserved.release();
    await (await reservePort({ PORT: taken, HOST: '127.0.0.1' })).release();
  });

  it('names the variable to change for other listen errors', () => {
    const c = { PORT: 80, HOST: '192.0.2.1' };
    expect(portMessage(c, Object.assign(new Error(), { code: 'EACCES' }))).toMatch(/^PORT 80 /);
    expect(portMessage(c, Object.assign(new Error(), { code: 'EADDRNOTAVAIL' }))).toMatch(
      /^HOST 192\.0\.2\.1 /,
    );
  });
});
