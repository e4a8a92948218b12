import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
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
    // The kit's date and time picker, as on the course form: the first of this month, 00:00.
    await user.click(screen.getByRole('button', { name: /As of/ }));
    const first = dayjs().startOf('month');
    await user.click(screen.getByRole('button', { name: first.format('D MMMM YYYY') }));
    const dropdown = screen.getByRole('dialog');
    const buttons = within(dropdown).getAllByRole('button');
    await user.click(buttons[buttons.length - 1]!);
    expect(screen.getByRole('button', { name: /As of/ })).toHaveTextContent(
      first.format('DD MMM YYYY HH:mm'),
    );
    await user.click(screen.getByRole('button', { name: 'Export teams (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls[1]?.url.searchParams.get('at')).toBe(first.toISOString());
    expect(calls[1]?.url.searchParams.get('format')).toBe('canvas');
    expect(calls[1]?.auth).toMatch(/^Bearer ./);

    failNext = true;
    await user.click(screen.getByRole('button', { name: 'Export teams (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at must be an ISO date-time');
    click.mockRestore();
  });

  it('names the formats briefly and says where each one goes, in words, not a pointer to the README', async () => {
    const { user, container } = renderWithProviders(<ExportTeams courseId={FORMATION_COURSE_ID} />);
    expect(container).not.toHaveTextContent(/README/);
    expect(container.querySelector('input[type="datetime-local"]')).toBeNull();
    const format = screen.getByRole('combobox', { name: 'Format' });
    expect(
      within(format)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All columns', 'Canvas', 'Moodle']);
    expect(format).toHaveAccessibleDescription(/Team, member, email, student ID, leader/);
    await user.selectOptions(format, 'moodle');
    expect(format).toHaveAccessibleDescription(/Site administration → Users → Upload users/);
  });
});
