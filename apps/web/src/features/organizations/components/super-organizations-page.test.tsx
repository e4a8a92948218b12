import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import { createOrganizationSummary, pageOf, paginate } from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Searches are debounced and CI machines are slow: the 1 s default waits too little there.

const SUPERADMIN = { role: 'SUPERADMIN' as const, fullname: 'Grace Hopper' };

/** Answers the list from `all`, filtering like the server, and records every query. */
function listBackend(all = [createOrganizationSummary()]) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(api('/organizations/super/list'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const search = params.get('search')?.toLowerCase() ?? '';
      const includeDeleted = params.get('includeDeleted') === 'true';
      const items = all.filter(
        (o) =>
          (includeDeleted || !o.deletedAt) &&
          (o.name.toLowerCase().includes(search) || o.slug.includes(search)),
      );
      const { page, limit } = pageOf(request.url);
      return ok(paginate(items, page, limit));
    }),
  );
  return requests;
}

describe('superadmin organizations list', () => {
  it('shows each organization with its slug and counts, linking to its page', async () => {
    const north = createOrganizationSummary({
      name: 'Northfield University',
      slug: 'northfield',
      adminCount: 2,
      courseCount: 5,
      studentCount: 61,
      createdAt: '2026-09-01T10:00:00.000Z',
    });
    listBackend([
      north,
      createOrganizationSummary({ name: 'Riverside College', slug: 'riverside' }),
    ]);
    renderApp('/s/organizations', { user: SUPERADMIN });

    const table = await screen.findByRole('table', { name: 'Organizations' });
    const row = within(table).getByRole('row', { name: /Northfield University/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Northfield University', 'northfield', '2', '5', '61', 'Sep 1, 2026']);
    expect(within(row).getByRole('link', { name: 'Northfield University' })).toHaveAttribute(
      'href',
      `/s/organizations/${north.id}`,
    );
    expect(within(table).getByRole('link', { name: 'Riverside College' })).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2 organizations')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New organization' })).toHaveAttribute(
      'href',
      '/s/organizations/create',
    );
  });

  it('searches (debounced) and keeps the search in the URL', async () => {
    const requests = listBackend([
      createOrganizationSummary({ name: 'Northfield University', slug: 'northfield' }),
      createOrganizationSummary({ name: 'Riverside College', slug: 'riverside' }),
    ]);
    const { user, router } = renderApp('/s/organizations', { user: SUPERADMIN });
    await screen.findByRole('link', { name: 'Riverside College' });

    await user.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'river');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Northfield University' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Riverside College' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ search: 'river' });
    expect(requests[0]?.get('search')).toBeNull();
    expect(requests.at(-1)?.get('search')).toBe('river');
  });

  it('shows deleted organizations only when asked, with a badge', async () => {
    const requests = listBackend([
      createOrganizationSummary({ name: 'Northfield University' }),
      createOrganizationSummary({ name: 'Old Academy', deletedAt: '2026-10-01T10:00:00.000Z' }),
    ]);
    const { user, router } = renderApp('/s/organizations', { user: SUPERADMIN });
    await screen.findByRole('link', { name: 'Northfield University' });
    expect(screen.queryByRole('link', { name: 'Old Academy' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    const row = await screen.findByRole('row', { name: /Old Academy/ });
    expect(within(row).getByText('Deleted')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ deleted: true });
    expect(requests.at(-1)?.get('includeDeleted')).toBe('true');
  });

  it('pages through a long list', async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      createOrganizationSummary({ name: `Organization ${String(i + 1).padStart(2, '0')}` }),
    );
    const requests = listBackend(all);
    const { user, router } = renderApp('/s/organizations', { user: SUPERADMIN });
    await screen.findByRole('link', { name: 'Organization 01' });
    expect(screen.getByText('1–20 of 25 organizations')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Organization 21' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Organization 01' })).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(requests.at(-1)?.get('page')).toBe('2');
  });

  it('opens on the page and search given in the URL', async () => {
    const requests = listBackend();
    renderApp('/s/organizations?page=3&search=%22north%22', { user: SUPERADMIN });
    expect(await screen.findByRole('searchbox', { name: 'Search organizations' })).toHaveValue(
      'north',
    );
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(requests[0]?.get('page')).toBe('3');
    expect(requests[0]?.get('search')).toBe('north');
  });

  it('explains an empty list', async () => {
    listBackend([]);
    renderApp('/s/organizations', { user: SUPERADMIN });
    expect(
      await screen.findByText('No organizations yet. Create the first one with New organization.'),
    ).toBeInTheDocument();
  });

  it('says when a search finds nothing', async () => {
    listBackend([]);
    renderApp('/s/organizations?search=%22zzz%22', { user: SUPERADMIN });
    expect(await screen.findByText('No organization matches “zzz”.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let down = true;
    server.use(
      http.get(api('/organizations/super/list'), () =>
        down
          ? fail(500, 'Database unavailable', 'INTERNAL_ERROR')
          : ok(paginate([createOrganizationSummary({ name: 'Back Again' })])),
      ),
    );
    const { user } = renderApp('/s/organizations', { user: SUPERADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load organizations');
    expect(alert).toHaveTextContent('Database unavailable');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Back Again' })).toBeInTheDocument();
  });

  describe('on a phone', () => {
    const width = window.innerWidth;
    beforeEach(() => {
      window.innerWidth = 375;
    });
    afterEach(() => {
      window.innerWidth = width;
    });

    it('shows cards instead of the wide table', async () => {
      listBackend([
        createOrganizationSummary({
          name: 'Northfield University',
          adminCount: 1,
          courseCount: 3,
          studentCount: 42,
        }),
      ]);
      renderApp('/s/organizations', { user: SUPERADMIN });
      const card = await screen.findByRole('article');
      expect(within(card).getByRole('link', { name: 'Northfield University' })).toBeInTheDocument();
      expect(card).toHaveTextContent('1 admin');
      expect(card).toHaveTextContent('3 courses');
      expect(card).toHaveTextContent('42 students');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });
});
