import { describe, expect, it } from 'vitest';
import { API, bearer, buildTestApp, setRole, signIn } from '../../helper.js';

describe('healthcheck', () => {
  it('answers publicly', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: `${API}/healthcheck` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
    expect(Date.parse(res.json().data.time)).not.toBeNaN();
  });

  it('shows details to a superadmin only', async () => {
    const app = await buildTestApp();
    const student = await signIn(app, 'student@example.edu');
    const asStudent = await app.inject({
      method: 'GET',
      url: `${API}/healthcheck/detailed`,
      headers: bearer(student.token),
    });
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });

    const admin = await signIn(app, 'admin@example.edu');
    // The role is read from the database on every request: no new sign-in needed.
    await setRole('admin@example.edu', 'SUPERADMIN');
    const res = await app.inject({
      method: 'GET',
      url: `${API}/healthcheck/detailed`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.status).toBe('ok');
    expect(data.database).toMatchObject({ reachable: true });
    expect(data.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(data.memory.rssBytes).toBeGreaterThan(0);
  });
});
