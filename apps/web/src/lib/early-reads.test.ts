import { http } from 'msw';
import { api, ok } from '@/testing/handlers';
import { signInAs } from '@/testing/render';
import { server } from '@/testing/server';
import { apiClient } from './api-client';
import { EARLY_READ_MAX_AGE_MS, forgetEarlyReads, takeEarlyRead } from './early-reads';

const absolute = (path: string) => new URL(`/api/v1${path}`, window.location.href).toString();

/** What a prerendered page's head leaves for the app (decision 132). */
function leaveEarlyReads(
  token: string,
  reads: Record<string, Response | Promise<Response>>,
  at = Date.now(),
) {
  window.__teamupEarlyReads = {
    token,
    at,
    reads: Object.fromEntries(
      Object.entries(reads).map(([path, answer]) => [absolute(path), Promise.resolve(answer)]),
    ),
  };
}

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: status < 400, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Counts the requests that reach the network, by path. */
function countRequests() {
  const asked: string[] = [];
  server.use(
    http.get(api('/*'), ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return ok({ from: 'network' });
    }),
  );
  return asked;
}

afterEach(() => {
  delete window.__teamupEarlyReads;
});

describe('early reads', () => {
  it('answers a GET from the read the page started, once, without asking the network', async () => {
    const { token } = signInAs();
    leaveEarlyReads(token, { '/student/dashboard': json({ from: 'head' }) });
    const asked = countRequests();
    const first = await apiClient.get<{ data: { from: string } }>('/student/dashboard');
    expect(first.data.data.from).toBe('head');
    expect(asked).toEqual([]);
    // Taken: the next read of the same URL is asked for.
    const second = await apiClient.get<{ data: { from: string } }>('/student/dashboard');
    expect(second.data.data.from).toBe('network');
    expect(asked).toEqual(['/api/v1/student/dashboard']);
  });

  it('is not used for another URL, another token, or once it is older than its limit', async () => {
    const { token } = signInAs();
    const asked = countRequests();
    leaveEarlyReads(token, { '/student/dashboard': json({ from: 'head' }) });
    await apiClient.get('/student/dashboard', { params: { page: 2 } });
    leaveEarlyReads('another-token', { '/student/dashboard': json({ from: 'head' }) });
    await apiClient.get('/student/dashboard');
    leaveEarlyReads(
      token,
      { '/student/dashboard': json({ from: 'head' }) },
      Date.now() - EARLY_READ_MAX_AGE_MS - 1,
    );
    await apiClient.get('/student/dashboard');
    expect(asked).toHaveLength(3);
  });

  it('asks again when the early read failed or was refused as signed out', async () => {
    const { token } = signInAs();
    const asked = countRequests();
    window.__teamupEarlyReads = {
      token,
      at: Date.now(),
      reads: {
        [absolute('/student/dashboard')]: Promise.reject(new TypeError('Failed to fetch')),
        [absolute('/student/me/teams')]: Promise.resolve(json(null, 401)),
      },
    };
    const answers = await Promise.all([
      apiClient.get<{ data: { from: string } }>('/student/dashboard'),
      apiClient.get<{ data: { from: string } }>('/student/me/teams'),
    ]);
    expect(answers.map((a) => a.data.data.from)).toEqual(['network', 'network']);
    expect(asked).toHaveLength(2);
  });

  it('hands an early error answer (not a 401) to the caller as the network would', async () => {
    const { token } = signInAs();
    leaveEarlyReads(token, {
      '/student/courses/x': new Response(
        JSON.stringify({ success: false, message: 'Course not found' }),
        {
          status: 404,
          headers: { 'content-type': 'application/json' },
        },
      ),
    });
    await expect(apiClient.get('/student/courses/x')).rejects.toMatchObject({
      status: 404,
      message: 'Course not found',
    });
  });

  it('never answers a write', async () => {
    const { token } = signInAs();
    const posted: string[] = [];
    server.use(
      http.post(api('/student/dashboard'), () => {
        posted.push('network');
        return ok({ from: 'network' });
      }),
    );
    leaveEarlyReads(token, { '/student/dashboard': json({ from: 'head' }) });
    const answer = await apiClient.post<{ data: { from: string } }>('/student/dashboard', {});
    expect(answer.data.data.from).toBe('network');
    expect(posted).toEqual(['network']);
  });

  it('forgets every early answer at the first write, and when told to', async () => {
    const { token } = signInAs();
    server.use(http.post(api('/student/teams/t/join-requests'), () => ok({})));
    const asked = countRequests();
    leaveEarlyReads(token, { '/student/me/teams': json({ from: 'head' }) });
    await apiClient.post('/student/teams/t/join-requests', {});
    await apiClient.get('/student/me/teams');
    expect(asked).toEqual(['/api/v1/student/me/teams']);
    leaveEarlyReads(token, { '/student/me/teams': json({ from: 'head' }) });
    forgetEarlyReads();
    expect(takeEarlyRead(absolute('/student/me/teams'), `Bearer ${token}`)).toBeUndefined();
  });

  it('takes nothing without a page that left reads, and offers each answer once', () => {
    expect(takeEarlyRead(absolute('/student/dashboard'), 'Bearer t')).toBeUndefined();
    leaveEarlyReads('t', { '/student/dashboard': json({}) });
    expect(takeEarlyRead(absolute('/student/dashboard'), 'Bearer u')).toBeUndefined();
    // A mismatched take still used it up: an early answer is offered once.
    expect(takeEarlyRead(absolute('/student/dashboard'), 'Bearer t')).toBeUndefined();
  });
});
