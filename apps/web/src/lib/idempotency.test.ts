import { HttpResponse, http } from 'msw';
import { api, ok } from '@/testing/handlers';
import { signInAs } from '@/testing/render';
import { server } from '@/testing/server';
import { apiClient } from './api-client';
import {
  IDEMPOTENCY_REPEAT_MS,
  callFingerprint,
  idempotencyFor,
  newIdempotencyKey,
} from './idempotency';

// Issue 35 item 12, decision 149: one user action, one Idempotency-Key.

function captureKeys() {
  const keys: (string | null)[] = [];
  server.use(
    http.all(api('/echo/*'), ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      return ok({});
    }),
  );
  return keys;
}

describe('Idempotency-Key', () => {
  it('gives a double click (the same call twice at once) one key, and a later repeat a new one', async () => {
    signInAs();
    const keys = captureKeys();
    await Promise.all([
      apiClient.post('/echo/apply', { proposal: 1 }),
      apiClient.post('/echo/apply', { proposal: 1 }),
    ]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const now = Date.now();
    const first = idempotencyFor(callFingerprint('POST', 'x', 1), now);
    first.answered(now);
    const soon = idempotencyFor(callFingerprint('POST', 'x', 1), now + 100);
    soon.answered(now + 100);
    const later = idempotencyFor(
      callFingerprint('POST', 'x', 1),
      now + 100 + IDEMPOTENCY_REPEAT_MS + 1,
    );
    expect(soon.key).toBe(first.key);
    expect(later.key).not.toBe(first.key);
  });

  it('gives each different call its own key, and a call in between makes the same call a new action', async () => {
    signInAs();
    const keys = captureKeys();
    await apiClient.post('/echo/skills', { name: 'SQL' });
    await apiClient.delete('/echo/skills');
    await apiClient.post('/echo/skills', { name: 'SQL' });
    await apiClient.post('/echo/skills', { name: 'Go' });
    expect(new Set(keys).size).toBe(4);
  });

  it('sends no key on reads, and none when the caller says so; a caller may bring its own', async () => {
    signInAs();
    const keys = captureKeys();
    await apiClient.get('/echo/read');
    await apiClient.post('/echo/x', {}, { idempotencyKey: false });
    await apiClient.post('/echo/y', {}, { idempotencyKey: 'mine-1' });
    expect(keys).toEqual([null, null, 'mine-1']);
  });

  it('sends a change again with the same key when no answer came, and reports the answer that came', async () => {
    signInAs();
    const keys: (string | null)[] = [];
    let calls = 0;
    server.use(
      http.post(api('/echo/lost'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        calls += 1;
        return calls === 1 ? HttpResponse.error() : ok({ done: true });
      }),
    );
    const answer = await apiClient.post<{ data: { done: boolean } }>('/echo/lost', { a: 1 });
    expect(answer.data.data.done).toBe(true);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the key of a change whose answer was lost for the person’s own retry', () => {
    const now = Date.now();
    const first = idempotencyFor(callFingerprint('POST', 'lost', 1), now);
    first.lost(now);
    const retry = idempotencyFor(callFingerprint('POST', 'lost', 1), now + 60_000);
    expect(retry.key).toBe(first.key);
  });

  it('makes keys that are random v4 UUIDs', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
