import { HttpResponse, http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import { signInAs } from '@/testing/render';
import { server } from '@/testing/server';
import { ApiError, apiClient, setApiNavigator, toApiError } from './api-client';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth-store';
import { createProfile } from '@/testing/data';

/** Records the Authorization header each request arrives with. */
function captureAuthorization() {
  const seen: Record<string, string | null> = {};
  server.use(
    http.all(api('/*'), ({ request }) => {
      seen[new URL(request.url).pathname] = request.headers.get('authorization');
      return ok({});
    }),
  );
  return seen;
}

describe('apiClient', () => {
  let navigate: ReturnType<typeof vi.fn<(href: string) => void>>;

  beforeEach(() => {
    navigate = vi.fn<(href: string) => void>();
    setApiNavigator(navigate);
  });

  it('uses the /api/v1 base, credentials and JSON headers', () => {
    expect(apiClient.defaults.baseURL).toBe('/api/v1');
    expect(apiClient.defaults.withCredentials).toBe(true);
    expect(apiClient.defaults.headers['Content-Type']).toBe('application/json');
  });

  it('sends the stored token as a Bearer header on normal calls', async () => {
    const { token } = signInAs();
    const seen = captureAuthorization();
    await apiClient.get('/auth/profile');
    expect(seen['/api/v1/auth/profile']).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization on the login and refresh-token calls', async () => {
    signInAs();
    const seen = captureAuthorization();
    await apiClient.post('/auth/login/google', { credential: 'x' });
    await apiClient.get('/auth/refresh-token');
    expect(seen['/api/v1/auth/login/google']).toBeNull();
    expect(seen['/api/v1/auth/refresh-token']).toBeNull();
  });

  it('sends no Authorization when nobody is signed in', async () => {
    const seen = captureAuthorization();
    await apiClient.get('/auth/config');
    expect(seen['/api/v1/auth/config']).toBeNull();
  });

  it('on a 401 clears the session, removes auth-storage, redirects to login and rejects', async () => {
    signInAs();
    useAuthStore.getState().setProfile(createProfile());
    window.history.replaceState(null, '', '/teams/my?tab=invites');
    server.use(http.get(api('/auth/profile'), () => fail(401, 'Token expired', 'UNAUTHENTICATED')));

    const error = await apiClient.get('/auth/profile').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Session expired. Please login again.');
    expect((error as ApiError).status).toBe(401);
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      userProfile: null,
      isAuthenticated: false,
    });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      `/auth/login?redirect=${encodeURIComponent('/teams/my?tab=invites')}`,
    );
    window.history.replaceState(null, '', '/');
  });

  it('handles several 401s of one burst once', async () => {
    signInAs();
    server.use(http.get(api('/*'), () => fail(401, 'Token expired', 'UNAUTHENTICATED')));

    const results = await Promise.allSettled([
      apiClient.get('/a'),
      apiClient.get('/b'),
      apiClient.get('/c'),
    ]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const r of results) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        message: 'Session expired. Please login again.',
      });
    }
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('lets a 401 from the login call report its own error, without redirecting', async () => {
    signInAs();
    server.use(
      http.post(api('/auth/login/google'), () =>
        fail(401, 'Invalid Google token', 'INVALID_TOKEN'),
      ),
    );
    const error = await apiClient
      .post('/auth/login/google', { credential: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Invalid Google token', status: 401 });
    expect(navigate).not.toHaveBeenCalled();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('keeps the session when a call carrying its own credential has that credential refused', async () => {
    const { token } = signInAs();
    let authorization: string | null = null;
    server.use(
      http.post(api('/profile/identities/link'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return fail(401, 'Invalid Google credential', 'INVALID_TOKEN');
      }),
    );
    const error = await apiClient
      .post('/profile/identities/link', { credential: 'x' }, { carriesCredential: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Invalid Google credential', status: 401 });
    expect(navigate).not.toHaveBeenCalled();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    // Unlike the login call, it is sent with the session: the server links to the signed-in one.
    expect(authorization).toBe(`Bearer ${token}`);
  });

  it('ends the session when such a call answers 401 for the session itself', async () => {
    signInAs();
    server.use(
      http.post(api('/profile/identities/link'), () =>
        fail(401, 'Token expired', 'UNAUTHENTICATED'),
      ),
    );
    await apiClient
      .post('/profile/identities/link', { credential: 'x' }, { carriesCredential: true })
      .catch(() => undefined);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('turns an error response into an ApiError with its message, status and data', async () => {
    const details = [{ path: 'bio', message: 'Bio is at most 1000 characters' }];
    server.use(
      http.patch(api('/auth/profile/update'), () =>
        fail(400, 'Invalid request', 'VALIDATION_ERROR', details),
      ),
    );
    const error = (await apiClient
      .patch('/auth/profile/update', {})
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Invalid request');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual(details);
    expect(error.data).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('falls back to the client message when the response has none', async () => {
    server.use(
      http.get(api('/auth/profile'), () => new HttpResponse('Bad gateway', { status: 502 })),
    );
    const error = (await apiClient.get('/auth/profile').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed with status code 502');
  });

  it('reports a network failure with status 500 and the client message', async () => {
    server.use(http.get(api('/auth/profile'), () => HttpResponse.error()));
    const error = (await apiClient.get('/auth/profile').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(500);
    expect(error.message).toBe('Network Error');
  });

  it("falls back to 'An unexpected error occurred' when there is no message at all", () => {
    const error = toApiError(new Error(''));
    expect(error.message).toBe('An unexpected error occurred');
    expect(error.status).toBe(500);
    expect(toApiError('boom').message).toBe('An unexpected error occurred');
  });
  it('sends JSON bodies as JSON, no content type without a body, and forms as multipart', async () => {
    const seen: { type: string | null; body: string }[] = [];
    server.use(
      http.all(api('/echo'), async ({ request }) => {
        seen.push({ type: request.headers.get('content-type'), body: await request.text() });
        return ok({});
      }),
    );
    await apiClient.post('/echo', { a: 1 });
    await apiClient.post('/echo');
    const form = new FormData();
    form.append('courseId', 'c1');
    await apiClient.postForm('/echo', form);
    expect(seen[0]).toEqual({ type: 'application/json', body: '{"a":1}' });
    expect(seen[1]).toEqual({ type: null, body: '' });
    expect(seen[2]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[2]?.body).toContain('c1');
  });

  it('writes params into the query string, leaving out undefined and null', async () => {
    let search = '';
    server.use(
      http.get(api('/teams'), ({ request }) => {
        search = new URL(request.url).search;
        return ok({});
      }),
    );
    await apiClient.get('/teams', {
      params: { page: 2, search: 'a b', status: undefined, courseId: null },
    });
    expect(search).toBe('?page=2&search=a+b');
  });

  it('answers data, status and lower-case headers; text stays text when asked', async () => {
    server.use(
      http.get(
        api('/file.csv'),
        () =>
          new HttpResponse('{"not":"parsed"}', {
            headers: { 'Content-Disposition': 'attachment; filename="x.csv"' },
          }),
      ),
    );
    const res = await apiClient.get<string>('/file.csv', { responseType: 'text' });
    expect(res.status).toBe(200);
    expect(res.data).toBe('{"not":"parsed"}');
    expect(res.headers['content-disposition']).toBe('attachment; filename="x.csv"');
    const json = await apiClient.get<{ not: string }>('/file.csv');
    expect(json.data).toEqual({ not: 'parsed' });
  });

  it('rejects an aborted request with an ApiError and no redirect', async () => {
    signInAs();
    server.use(http.get(api('/slow'), () => new Promise<never>(() => {})));
    const controller = new AbortController();
    const pending = apiClient.get('/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('canceled');
    expect(navigate).not.toHaveBeenCalled();
  });
});
