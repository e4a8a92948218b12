import { renderHook, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { createTeamDetail } from '@/testing/teams-data';
import { formatDocumentTitle, useDocumentTitle } from './document-title';

describe('formatDocumentTitle', () => {
  it('puts the most specific part first and the app name last', () => {
    expect(formatDocumentTitle(['CS350', 'My Enrollments'])).toBe(
      'CS350 · My Enrollments · Teamup',
    );
    expect(formatDocumentTitle(['My Teams'])).toBe('My Teams · Teamup');
    expect(formatDocumentTitle([])).toBe('Teamup');
  });

  it('leaves out missing and blank parts and collapses whitespace', () => {
    expect(formatDocumentTitle([undefined, null, false, '  ', ' Byte \n Club ', 'Teams'])).toBe(
      'Byte Club · Teams · Teamup',
    );
  });
});

describe('useDocumentTitle', () => {
  it('sets the tab title and follows the parts as data arrives', () => {
    const { rerender } = renderHook(
      ({ name }: { name?: string }) => useDocumentTitle([name ? `Team ${name}` : 'Team']),
      { initialProps: {} },
    );
    expect(document.title).toBe('Team · Teamup');
    rerender({ name: 'Byte Club' });
    expect(document.title).toBe('Team Byte Club · Teamup');
  });
});

describe('tab titles of the pages', () => {
  beforeEach(() => {
    document.title = 'stale';
  });

  it.each([
    ['/auth/login', null, 'Sign in · Teamup'],
    ['/', null, 'Teamup'],
    ['/no/such/page', null, 'Page Not Found · Teamup'],
    ['/teams/my', 'STUDENT', 'My Teams · Teamup'],
    ['/dashboard', 'STUDENT', 'Dashboard · Teamup'],
    ['/community', 'STUDENT', 'Community · Teamup'],
    ['/s/health', 'SUPERADMIN', 'System Analytics · Teamup'],
    ['/admin/courses/create', 'ORG_ADMIN', 'New course · Course Management · Teamup'],
  ] as const)('%s (%s) is titled %s', async (path, role, title) => {
    renderApp(path, { user: role ? { role } : null });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it("a team page says Team while loading, then the team's name", async () => {
    const team = createTeamDetail({ name: 'Byte Club' });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(api('/student/teams/:id'), async () => {
        await released;
        return ok(team);
      }),
      // The page's other parts are not under test here.
      http.get(api('/student/teams/:id/:part'), () => fail(404, 'Not found', 'NOT_FOUND')),
      http.get(api('/student/courses/:id'), () => fail(404, 'Not found', 'NOT_FOUND')),
    );
    renderApp(`/teams/${team.id}`, { user: { role: 'STUDENT' } });
    await waitFor(() => expect(document.title).toBe('Team · Teamup'));
    release();
    await waitFor(() => expect(document.title).toBe('Team Byte Club · Teamup'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
