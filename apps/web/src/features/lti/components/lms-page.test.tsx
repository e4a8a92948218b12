import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { LtiContextView, LtiPlatformBody, LtiPlatformView } from '@teamup/shared';
import { api, fail, ok } from '@/testing/handlers';
import { createCourse } from '@/testing/courses-data';
import { createLtiContext, createLtiPlatform, createLtiToolConfig } from '@/testing/lti-data';
import {
  createOrganizationDetail,
  createOrganizationSummary,
  paginate,
} from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Issue 28: an organization's LMS connection, for its admins.

const ORG_ADMIN = { role: 'ORG_ADMIN' as const, fullname: 'Alan Turing' };
const NORTH = createOrganizationSummary({ name: 'Northfield University' });
const OTHER_ORG = crypto.randomUUID();
const EXISTING = createCourse({
  code: 'CS301',
  title: 'Software Engineering Project',
  organizationId: NORTH.id,
});

/** The organization, its LTI values and platforms kept in memory; returns what was sent. */
function serve({
  platforms = [] as LtiPlatformView[],
  contexts = [] as LtiContextView[],
  linkAnswer = null as Response | null,
} = {}) {
  let items = [...platforms];
  const sent: { method: string; url: string; body?: unknown }[] = [];
  server.use(
    http.get(api('/organizations/admin/my'), () => ok(paginate([NORTH]))),
    http.get(api('/organizations/admin/my/:id'), ({ params }) =>
      ok(createOrganizationDetail({ ...NORTH, id: String(params.id) })),
    ),
    http.get(api('/admin/lti/tool'), ({ request }) => {
      sent.push({ method: 'GET', url: request.url });
      return ok(createLtiToolConfig());
    }),
    http.get(api('/admin/lti/platforms'), () => ok({ items })),
    http.post(api('/admin/lti/platforms'), async ({ request }) => {
      const body = (await request.json()) as LtiPlatformBody;
      sent.push({ method: 'POST', url: request.url, body });
      const platform = createLtiPlatform({
        ...body,
        organizationId: body.organizationId!,
        registeredBy: 'MANUAL',
        courses: 0,
      });
      items = [...items, platform];
      return ok(platform, { status: 201 });
    }),
    http.patch(api('/admin/lti/platforms/:id'), async ({ params, request }) => {
      const body = (await request.json()) as Partial<LtiPlatformView>;
      sent.push({ method: 'PATCH', url: request.url, body });
      items = items.map((p) => (p.id === params.id ? { ...p, ...body } : p));
      return ok(items.find((p) => p.id === params.id)!);
    }),
    http.get(api('/admin/lti/contexts'), ({ request }) => {
      sent.push({ method: 'GET', url: request.url });
      return ok({ items: contexts });
    }),
    http.get(api('/courses'), () => ok(paginate([EXISTING]))),
    http.put(api('/admin/lti/contexts/:id'), async ({ params, request }) => {
      const body = (await request.json()) as { courseId: string };
      sent.push({ method: 'PUT', url: request.url, body });
      if (linkAnswer) return linkAnswer;
      const context = contexts.find((c) => c.id === params.id)!;
      return ok({
        context: {
          ...context,
          course: { id: EXISTING.id, code: EXISTING.code, title: EXISTING.title, archived: false },
        },
        former: { ...context.course, archived: true },
        carriedOver: { students: 12, staff: 1 },
      });
    }),
    http.delete(api('/admin/lti/platforms/:id'), ({ params, request }) => {
      sent.push({ method: 'DELETE', url: request.url });
      const gone = items.find((p) => p.id === params.id)!;
      items = items.filter((p) => p.id !== params.id);
      return ok(gone);
    }),
  );
  return sent;
}

const open = (organizationId = NORTH.id) =>
  renderApp(`/admin/lms?organizationId=${organizationId}`, { user: ORG_ADMIN });

describe('the LMS page of an organization', () => {
  it("is linked from the organization's page", async () => {
    serve();
    const { user, router } = renderApp(`/admin/organizations/${NORTH.id}`, { user: ORG_ADMIN });
    const card = await screen.findByRole('region', { name: 'LMS (LTI 1.3)' });
    const link = within(card).getByRole('link', { name: 'Set up the LMS' });
    expect(link).toHaveAttribute('href', `/admin/lms?organizationId=${NORTH.id}`);
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'LMS (LTI 1.3)' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/lms');
    await waitFor(() =>
      expect(document.title).toBe('LMS · Northfield University · Organizations · Teamup'),
    );
  });

  it('shows the values for the LMS, each with a copy button, and the registration URL', async () => {
    const sent = serve();
    const { user } = open();
    const values = await screen.findByRole('region', { name: 'Values for your LMS' });
    expect(await within(values).findByText('https://teamup.example.edu/lti/login')).toBeVisible();
    expect(sent[0]?.url).toContain(`organizationId=${NORTH.id}`);
    expect(within(values).getByText('Redirect URI and launch URL')).toBeVisible();
    expect(within(values).getByText('https://teamup.example.edu/lti/jwks')).toBeVisible();
    expect(within(values).getByText('teamup.example.edu')).toBeVisible();
    expect(within(values).getByText(/works until Dec 5, 2026/)).toBeVisible();
    // The Canvas JSON, indented for reading.
    expect(within(values).getByLabelText('Canvas developer key JSON').textContent).toContain(
      '\n  "title": "Teamup"',
    );

    await user.click(within(values).getByRole('button', { name: 'Copy Registration URL' }));
    expect(await navigator.clipboard.readText()).toBe(
      'https://teamup.example.edu/lti/register?t=signed-organization-token',
    );
    expect(
      await within(values).findByRole('button', { name: 'Registration URL copied' }),
    ).toBeVisible();
    await user.click(within(values).getByRole('button', { name: 'Copy Login URL' }));
    expect(await navigator.clipboard.readText()).toBe('https://teamup.example.edu/lti/login');
  });

  it("lists this organization's platforms only, with their details", async () => {
    serve({
      platforms: [
        createLtiPlatform({
          organizationId: NORTH.id,
          name: 'Northfield Canvas',
          issuer: 'https://canvas.instructure.com',
          clientId: '10000000000042',
          deploymentIds: ['42:abc', '43:def'],
          registeredBy: 'MANUAL',
          courses: 1,
        }),
        createLtiPlatform({ organizationId: OTHER_ORG, name: 'Riverside Moodle' }),
      ],
    });
    open();
    const list = await screen.findByRole('region', { name: 'Registered platforms' });
    const canvas = await within(list).findByRole('article', { name: 'Northfield Canvas' });
    expect(canvas).toHaveTextContent('https://canvas.instructure.com');
    expect(canvas).toHaveTextContent('10000000000042');
    expect(canvas).toHaveTextContent('Deployment IDs42:abc, 43:def');
    expect(canvas).toHaveTextContent('Registered by hand');
    expect(canvas).toHaveTextContent('1 course');
    expect(within(list).queryByText('Riverside Moodle')).toBeNull();
  });

  it("shows each platform's own login URL, with its copy button (issue 34)", async () => {
    const moodle = createLtiPlatform({ organizationId: NORTH.id, name: 'Northfield Moodle' });
    const canvas = createLtiPlatform({ organizationId: NORTH.id, name: 'Northfield Canvas' });
    serve({ platforms: [moodle, canvas] });
    const { user } = open();
    const list = await screen.findByRole('region', { name: 'Registered platforms' });
    const item = await within(list).findByRole('article', { name: 'Northfield Canvas' });
    expect(
      within(item).getByText(`https://teamup.example.edu/lti/login/${canvas.id}`),
    ).toBeVisible();
    expect(within(item).getByText(/must when it does not send its client ID/)).toBeVisible();
    await user.click(
      within(item).getByRole('button', { name: 'Copy login URL of Northfield Canvas' }),
    );
    expect(await navigator.clipboard.readText()).toBe(
      `https://teamup.example.edu/lti/login/${canvas.id}`,
    );
    expect(
      within(list).getByRole('button', { name: 'Copy login URL of Northfield Moodle' }),
    ).toBeVisible();
  });

  it('says when no platform is registered yet', async () => {
    serve();
    open();
    expect(await screen.findByText(/No LMS registered yet/)).toBeVisible();
  });

  it('removes a platform after a confirmation that says its courses and people stay', async () => {
    const moodle = createLtiPlatform({ organizationId: NORTH.id, name: 'Northfield Moodle' });
    const sent = serve({ platforms: [moodle] });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Remove Northfield Moodle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this platform?' });
    expect(dialog).toHaveTextContent('Launches from Northfield Moodle stop at once');
    expect(dialog).toHaveTextContent(
      'Its 2 courses and their students, staff and teams stay in Teamup, no longer linked',
    );
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Northfield Moodle' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove platform' }),
    );
    expect(await screen.findByText('Platform removed')).toBeVisible();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual([
      `/api/v1/admin/lti/platforms/${moodle.id}`,
    ]);
    expect(await screen.findByText(/No LMS registered yet/)).toBeVisible();
  });
});

describe('editing a platform', () => {
  it('adds a deployment ID, sending only what changed; issuer and client ID are shown, not edited', async () => {
    const moodle = createLtiPlatform({ organizationId: NORTH.id, deploymentIds: ['3'] });
    const sent = serve({ platforms: [moodle] });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Northfield Moodle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Northfield Moodle' });
    expect(dialog).toHaveTextContent('Issuer https://moodle.northfield.edu, client ID Kx81TQ7bfa');
    expect(within(dialog).queryByRole('textbox', { name: /Issuer/ })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Deployment IDs/ }), '7{Enter}');
    // A broken URL is caught before asking the server.
    const jwks = within(dialog).getByRole('textbox', { name: /JWKS URL/ });
    await user.clear(jwks);
    await user.type(jwks, 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Enter a full URL (https://…)')).toBeVisible();
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
    await user.clear(jwks);
    await user.type(jwks, moodle.jwksUrl);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Platform updated')).toBeVisible();
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { deploymentIds: ['3', '7'] },
    ]);
    const item = await screen.findByRole('article', { name: 'Northfield Moodle' });
    expect(await within(item).findByText('3, 7')).toBeVisible();
  });
});

describe('registering a platform by hand', () => {
  const form = () => screen.findByRole('form', { name: 'Register a platform' });

  it("checks the fields before asking the server, then registers it for the page's organization", async () => {
    const sent = serve();
    const { user } = open();
    const f = await form();
    await user.click(within(f).getByRole('button', { name: 'Register platform' }));
    expect(await within(f).findByText('Name is required')).toBeVisible();
    expect(within(f).getByText('At least one deployment ID')).toBeVisible();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(within(f).getByRole('textbox', { name: 'Name' }), 'Northfield Canvas');
    await user.click(within(f).getByRole('button', { name: 'Fill in Canvas’s URLs' }));
    expect(within(f).getByRole('textbox', { name: 'Issuer' })).toHaveValue(
      'https://canvas.instructure.com',
    );
    await user.type(within(f).getByRole('textbox', { name: 'Client ID' }), '10000000000042');
    await user.type(within(f).getByRole('textbox', { name: 'Deployment IDs' }), '42:abc,');
    await user.click(within(f).getByRole('button', { name: 'Register platform' }));

    expect(await screen.findByText('Platform registered')).toBeVisible();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      organizationId: NORTH.id,
      name: 'Northfield Canvas',
      issuer: 'https://canvas.instructure.com',
      clientId: '10000000000042',
      authorizationUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
      tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
      jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
      deploymentIds: ['42:abc'],
    });
    const list = screen.getByRole('region', { name: 'Registered platforms' });
    expect(await within(list).findByRole('article', { name: 'Northfield Canvas' })).toBeVisible();
    // The form is empty again for the next one.
    expect(within(f).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  async function fillValid(user: ReturnType<typeof renderApp>['user']) {
    const f = await form();
    await user.type(within(f).getByRole('textbox', { name: 'Name' }), 'Moodle');
    await user.type(
      within(f).getByRole('textbox', { name: 'Issuer' }),
      'https://moodle.northfield.edu',
    );
    await user.type(within(f).getByRole('textbox', { name: 'Client ID' }), 'abc');
    for (const [name, path] of [
      ['Authorization URL', 'auth.php'],
      ['Token URL', 'token.php'],
      ['JWKS URL', 'certs.php'],
    ] as const) {
      await user.type(
        within(f).getByRole('textbox', { name }),
        `https://moodle.northfield.edu/mod/lti/${path}`,
      );
    }
    await user.type(within(f).getByRole('textbox', { name: 'Deployment IDs' }), '3{Enter}');
    await user.click(within(f).getByRole('button', { name: 'Register platform' }));
    return f;
  }

  it("puts the server's field errors on their fields", async () => {
    serve();
    server.use(
      http.post(api('/admin/lti/platforms'), () =>
        fail(400, 'The request is not valid', 'VALIDATION_ERROR', [
          { path: '/tokenUrl', message: 'Enter a full URL (https://…)' },
          { path: '/deploymentIds/0', message: 'Too long' },
        ]),
      ),
    );
    const { user } = open();
    const f = await fillValid(user);
    expect(await within(f).findByText('Enter a full URL (https://…)')).toBeVisible();
    expect(within(f).getByRole('textbox', { name: 'Token URL' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(f).getByText('Too long')).toBeVisible();
    expect(within(f).queryByRole('alert')).toBeNull();
  });

  it('says clearly when the issuer and client ID cannot be registered', async () => {
    serve();
    server.use(
      http.post(api('/admin/lti/platforms'), () =>
        fail(409, 'This issuer and client ID cannot be registered here.', 'PLATFORM_TAKEN'),
      ),
    );
    const { user } = open();
    const f = await fillValid(user);
    expect(await within(f).findByRole('alert')).toHaveTextContent(
      'This issuer and client ID cannot be registered here.',
    );
    expect(within(f).getByText('Cannot be registered with this issuer')).toBeVisible();
    expect(within(f).getByRole('textbox', { name: 'Client ID' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

describe('an admin of several organizations without one in the address', () => {
  it('chooses the organization first', async () => {
    const riverside = createOrganizationSummary({ name: 'Riverside College' });
    serve();
    server.use(http.get(api('/organizations/admin/my'), () => ok(paginate([NORTH, riverside]))));
    const { user, router } = renderApp('/admin/lms', { user: ORG_ADMIN });
    expect(await screen.findByText(/Choose the organization to set up/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Values for your LMS' })).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: 'Riverside College' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ organizationId: riverside.id }),
    );
    expect(await screen.findByRole('region', { name: 'Values for your LMS' })).toBeVisible();
  });
});

describe('the LMS courses of the organization', () => {
  it('says none has opened Teamup yet', async () => {
    serve();
    open();
    const card = await screen.findByRole('region', { name: 'LMS courses' });
    expect(await within(card).findByText(/No LMS course has opened Teamup yet/)).toBeVisible();
  });

  it('links an LMS course to an existing course and says what came along', async () => {
    const context = createLtiContext({ organizationId: NORTH.id });
    const sent = serve({ contexts: [context] });
    const { user } = open();
    const item = await screen.findByRole('article', {
      name: 'SE-301 · Software Engineering Project',
    });
    expect(
      within(item).getByRole('link', { name: 'SE-301 · Software Engineering Project' }),
    ).toHaveAttribute('href', `/admin/courses/${context.course.id}`);
    expect(within(item).getByText('Roster not synced yet')).toBeVisible();
    await user.click(
      within(item).getByRole('button', {
        name: 'Link SE-301 · Software Engineering Project to another course',
      }),
    );
    // Nothing chosen: the field says so and nothing is sent.
    await user.click(within(item).getByRole('button', { name: 'Link' }));
    expect(await within(item).findByText('Choose the course')).toBeVisible();
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);

    await user.click(within(item).getByRole('textbox', { name: 'Course in Teamup' }));
    await user.click(
      await screen.findByRole('option', { name: 'CS301 · Software Engineering Project' }),
    );
    await user.click(within(item).getByRole('button', { name: 'Link' }));
    expect(
      await screen.findByText(
        'SE-301 · Software Engineering Project now opens CS301. 12 students and 1 staff member from the LMS came along. SE-301 was archived: nothing but launches had happened in it.',
      ),
    ).toBeVisible();
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.url).toContain(`/admin/lti/contexts/${context.id}`);
    expect(put.body).toEqual({ courseId: EXISTING.id });
  });

  it("shows the server's refusal in place, the form still open", async () => {
    const context = createLtiContext({ organizationId: NORTH.id });
    serve({
      contexts: [context],
      linkAnswer: fail(409, 'CS301 is already linked to the LMS course “CS-301”', 'COURSE_LINKED'),
    });
    const { user } = open();
    const item = await screen.findByRole('article', {
      name: 'SE-301 · Software Engineering Project',
    });
    await user.click(within(item).getByRole('button', { name: /to another course$/ }));
    await user.click(within(item).getByRole('textbox', { name: 'Course in Teamup' }));
    await user.click(
      await screen.findByRole('option', { name: 'CS301 · Software Engineering Project' }),
    );
    await user.click(within(item).getByRole('button', { name: 'Link' }));
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent('The LMS course was not linked');
    expect(alert).toHaveTextContent('CS301 is already linked to the LMS course “CS-301”');
    expect(within(item).getByRole('button', { name: 'Cancel' })).toBeVisible();
  });
});

describe('at 375 px', () => {
  it('has no element with a fixed width wider than the screen', async () => {
    serve({ platforms: [createLtiPlatform({ organizationId: NORTH.id })] });
    const { container } = open();
    await screen.findByRole('article', { name: 'Northfield Moodle' });
    await screen.findByText('https://teamup.example.edu/lti/login');
    // Mantine lays the page out with Stack, SimpleGrid and wrapping Groups; no inline width or
    // min-width in pixels that a phone would have to scroll sideways for.
    const fixed = [...container.querySelectorAll<HTMLElement>('[style]')].filter((el) =>
      /(?:^|;)\s*(?:min-)?width:\s*(\d{3,})px/.test(el.getAttribute('style') ?? ''),
    );
    expect(
      fixed.filter((el) => Number(/width:\s*(\d+)px/.exec(el.style.cssText)?.[1]) > 375),
    ).toEqual([]);
  });
});
