import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AuthUser, LoginResponse } from '@teamup/shared';

const AUTH_STORAGE_KEY = 'auth-storage';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return ((await response.json()) as { data: T }).data;
}

/**
 * Sends `request` again while the server answers 429, after the wait its Retry-After header
 * names (at most five times): a spec that signs a whole class in can meet the sign-in limit
 * (AUTH_RATE_LIMIT_MAX per minute and address) that the specs before it in the run used up.
 */
async function patiently(
  request: () => ReturnType<APIRequestContext['post']>,
): ReturnType<APIRequestContext['post']> {
  let response = await request();
  for (let tries = 0; response.status() === 429 && tries < 5; tries++) {
    const seconds = Number(response.headers()['retry-after'] ?? '1');
    await new Promise((done) =>
      setTimeout(done, (Number.isFinite(seconds) ? seconds : 1) * 1000 + 100),
    );
    response = await request();
  }
  return response;
}

/**
 * Signs in through the development identity provider and the real login call, then stores the
 * session the way the web app persists it, so a test starts signed in without clicking through
 * the login page. The refresh cookie lands in the page's context too, since page.request shares
 * its cookie jar.
 */
export async function signInAs(
  page: Page,
  email: string,
  fullname?: string,
): Promise<AuthUser & { token: string }> {
  const { credential } = await data<{ credential: string }>(
    await patiently(() => page.request.post('/api/v1/dev/id-token', { data: { email, fullname } })),
  );
  const login = await data<LoginResponse>(
    await patiently(() => page.request.post('/api/v1/auth/login/google', { data: { credential } })),
  );
  const user = { ...login.user, token: login.token };
  const persisted = {
    state: { user, isAuthenticated: true, userProfile: null },
    version: 0,
  };
  // Written once from a same-origin page that runs no app code (an init script would put the
  // session back after every navigation, undoing a logout under test).
  await page.goto('/api/v1/healthcheck');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    JSON.stringify(persisted),
  ] as const);
  return user;
}

/** A user signed in on a page of their own browser context, with their bearer token. */
export type Signed = { page: Page; token: string; id: string };

/** Signs `email` in on a new page of a fresh context (see signInAs). */
export async function signedIn(
  browser: Browser,
  email: string,
  fullname?: string,
): Promise<Signed> {
  const page = await (await browser.newContext()).newPage();
  const user = await signInAs(page, email, fullname);
  return { page, token: user.token, id: user.id };
}

/** An API call as `who`, for a spec's set-up; a refusal fails the test with its status. */
export async function call<T>(
  who: Signed,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await who.page.request[method](`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${who.token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method.toUpperCase()} ${path} answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/**
 * The id of the seeded course `code`, after `admin` has enrolled `people` in it by hand (their
 * first sign-in activates the enrollment).
 */
export async function enrollInSeededCourse(
  admin: Signed,
  code: string,
  people: { email: string; name: string }[],
): Promise<string> {
  const courses = await call<{ items: { id: string; code: string }[] }>(
    admin,
    'get',
    '/courses?page=1&limit=100',
  );
  const course = courses.items.find((c) => c.code === code);
  expect(course, `${code} is seeded`).toBeTruthy();
  for (const person of people) {
    await call(admin, 'post', '/admin/students/manual-add', {
      courseId: course!.id,
      email: person.email,
      fullname: person.name,
    });
  }
  return course!.id;
}

/**
 * A new course of the admin's organization (teams of 2 to 3, deadline in a week) with `people`
 * enrolled by hand (their first sign-in activates the enrollment).
 */
export async function createCourseWithStudents(
  admin: Signed,
  course: { code: string; title: string },
  people: { email: string; name: string }[],
  /** Course staff appointed by email after the students (a course instructor, a TA). */
  staff: { email: string; role: 'INSTRUCTOR' | 'TA' }[] = [],
): Promise<{ id: string; code: string }> {
  const existing = await call<{ items: { organizationId: string }[] }>(
    admin,
    'get',
    '/courses?page=1&limit=1',
  );
  const created = await call<{ id: string; code: string }>(admin, 'post', '/courses', {
    organizationId: existing.items[0]!.organizationId,
    code: course.code,
    title: course.title,
    term: 'Fall 2026',
    teamSizeMin: 2,
    teamSizeMax: 3,
    teamFormationDeadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  for (const person of people) {
    await call(admin, 'post', '/admin/students/manual-add', {
      courseId: created.id,
      email: person.email,
      fullname: person.name,
    });
  }
  for (const person of staff)
    await call(admin, 'post', `/admin/courses/${created.id}/staff`, person);
  return created;
}
