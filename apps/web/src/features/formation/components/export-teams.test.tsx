import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FORMATION_COURSE_ID } from '@/testing/formation-data';
import { api, fail } from '@/testing/handlers';
import { renderWithProviders, signInAs } from '@/testing/render';
import { server } from '@/testing/server';
import { ExportTeams } from './export-teams';

describe('export teams', () => {
  it('downloads the CSV with the bearer token, now or as of a moment', async () => {
    const calls: { url: URL; auth: string | null }[] = [];
    let failNext = false;
    server.use(
      http.get(api('/admin/courses/:courseId/teams.csv'), ({ request }) => {
        calls.push({ url: new URL(request.url), auth: request.headers.get('authorization') });
        if (failNext) return fail(400, 'at must be an ISO date-time', 'VALIDATION_ERROR');
        return new HttpResponse('\uFEFFgroup_name,member\r\nQuery Crew,Lena Park\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="cs-401-teams.csv"',
          },
        });
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:teams'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    signInAs({ role: 'ORG_ADMIN' });
    const { user } = renderWithProviders(<ExportTeams courseId={FORMATION_COURSE_ID} />);

    await user.click(screen.getByRole('button', { name: 'Export teams (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['cs-401-teams.csv']));
    expect(calls[0]?.url.pathname).toBe(`/api/v1/admin/courses/${FORMATION_COURSE_ID}/teams.csv`);
    expect(calls[0]?.url.searchParams.has('at')).toBe(false);
    expect(calls[0]?.url.searchParams.get('format')).toBe('teamup');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'canvas');
    fireEvent.change(screen.getByLabelText(/As of/), { target: { value: '2026-10-01T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Export teams (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls[1]?.url.searchParams.get('at')).toBe(new Date('2026-10-01T09:30').toISOString());
    expect(calls[1]?.url.searchParams.get('format')).toBe('canvas');
    expect(calls[1]?.auth).toMatch(/^Bearer ./);

    failNext = true;
    await user.click(screen.getByRole('button', { name: 'Export teams (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at must be an ISO date-time');
    click.mockRestore();
  });
});
