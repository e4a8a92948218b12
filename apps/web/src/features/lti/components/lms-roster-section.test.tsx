import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { LtiSyncResult } from '@teamup/shared';
import { api, fail, heldResponse, ok } from '@/testing/handlers';
import { createLtiSyncResult } from '@/testing/lti-data';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { LmsRosterSection } from './lms-roster-section';

// Issue 28: "Sync roster" on a course's admin page: a preview first, then Apply.

const COURSE_ID = crypto.randomUUID();

const PREVIEW = createLtiSyncResult({
  members: 30,
  enrolled: 2,
  deactivated: 1,
  staffChanged: 1,
  unchanged: 26,
  changes: [
    { kind: 'ENROLL', name: 'Maya Chen', email: 'maya@northfield.edu', role: 'LEARNER' },
    { kind: 'ENROLL', name: 'Noah Patel', email: null, role: 'LEARNER' },
    { kind: 'DEACTIVATE', name: 'Liam Ortiz', email: 'liam@northfield.edu', role: 'LEARNER' },
    { kind: 'STAFF', name: 'Sam Assistant', email: null, role: 'TEACHING_ASSISTANT' },
  ],
  lastSyncedAt: null,
});

/** Answers previews with `preview` and syncs with `applied`; returns the bodies sent. */
function serve(preview: LtiSyncResult, applied?: LtiSyncResult) {
  const bodies: unknown[] = [];
  server.use(
    http.post(api('/admin/courses/:courseId/lti/sync'), async ({ request, params }) => {
      const body = (await request.json()) as { preview: boolean };
      bodies.push({ courseId: params.courseId, ...body });
      return ok(body.preview ? preview : applied!);
    }),
  );
  return bodies;
}

const section = () => screen.getByRole('region', { name: 'LMS roster' });

describe('the LMS roster section', () => {
  it('asks nothing until "Sync roster" is pressed, then previews the differences', async () => {
    const bodies = serve(PREVIEW);
    const { user } = renderWithProviders(<LmsRosterSection courseId={COURSE_ID} />);
    expect(section()).toHaveTextContent('It also runs by itself about once a day.');
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sync roster' }));
    const preview = await screen.findByRole('alert', { name: /What a sync would change/ });
    expect(bodies).toEqual([{ courseId: COURSE_ID, preview: true }]);
    expect(preview).toHaveTextContent('30 members in the LMS');
    expect(preview).toHaveTextContent('26 unchanged');
    expect(preview).toHaveTextContent('2 to enroll, 1 to make inactive, 1 staff change to make.');
    const changes = within(preview).getByRole('list', { name: 'Changes to make' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Maya Chen (maya@northfield.edu): enroll',
      'Noah Patel: enroll',
      'Liam Ortiz (liam@northfield.edu): make inactive (gone from the LMS)',
      'Sam Assistant: becomes teaching assistant',
    ]);
    expect(section()).toHaveTextContent('Never synced yet.');
    // Nothing is applied by the preview: the button to do so is there.
    expect(within(preview).getByRole('button', { name: 'Apply' })).toBeVisible();
  });

  it('applies the changes and shows what was done and when', async () => {
    const applied = { ...PREVIEW, applied: true, lastSyncedAt: '2026-11-28T14:05:00.000Z' };
    const bodies = serve(PREVIEW, applied);
    const { user } = renderWithProviders(<LmsRosterSection courseId={COURSE_ID} />);
    await user.click(screen.getByRole('button', { name: 'Sync roster' }));
    await user.click(await screen.findByRole('button', { name: 'Apply' }));

    const result = await screen.findByRole('alert', { name: /Roster synced/ });
    expect(bodies).toEqual([
      { courseId: COURSE_ID, preview: true },
      { courseId: COURSE_ID, preview: false },
    ]);
    expect(result).toHaveTextContent('2 enrolled, 1 made inactive, 1 staff change.');
    expect(within(result).getByRole('list', { name: 'Changes made' })).toHaveTextContent(
      'Maya Chen (maya@northfield.edu): enrolled',
    );
    expect(section()).toHaveTextContent(/Last synced Nov 28, 2026/);
    expect(screen.getByText('The course’s roster now follows the LMS.')).toBeInTheDocument();
    // Another sync starts with a preview again.
    expect(screen.getByRole('button', { name: 'Sync roster' })).toBeVisible();
  });

  it('says "Nothing to change" and offers no Apply when the roster matches', async () => {
    serve(
      createLtiSyncResult({ members: 12, unchanged: 12, lastSyncedAt: '2026-11-27T02:00:00Z' }),
    );
    const { user } = renderWithProviders(<LmsRosterSection courseId={COURSE_ID} />);
    await user.click(screen.getByRole('button', { name: 'Sync roster' }));
    const preview = await screen.findByRole('alert', { name: /What a sync would change/ });
    expect(preview).toHaveTextContent('Nothing to change.');
    expect(within(preview).queryByRole('button', { name: 'Apply' })).toBeNull();
    await user.click(within(preview).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sync roster' })).toBeVisible();
  });

  it('lists a few changes by name and counts the rest', async () => {
    const changes = Array.from({ length: 11 }, (_, i) => ({
      kind: 'ENROLL' as const,
      name: `Student ${i + 1}`,
      email: null,
      role: 'LEARNER' as const,
    }));
    serve(createLtiSyncResult({ members: 11, enrolled: 11, changes }));
    const { user } = renderWithProviders(<LmsRosterSection courseId={COURSE_ID} />);
    await user.click(screen.getByRole('button', { name: 'Sync roster' }));
    const list = await screen.findByRole('list', { name: 'Changes to make' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(section()).toHaveTextContent('and 3 more changes.');
  });

  it('says the course is not linked when the LMS has no roster for it (409)', async () => {
    server.use(
      http.post(api('/admin/courses/:courseId/lti/sync'), () =>
        fail(409, 'This course is not linked to an LMS roster', 'NO_LMS_ROSTER'),
      ),
    );
    const { user } = renderWithProviders(<LmsRosterSection courseId={COURSE_ID} />);
    await user.click(screen.getByRole('button', { name: 'Sync roster' }));
    expect(await screen.findByText(/Not linked to an LMS course/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sync roster' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows another failure (the LMS could not be read) and lets the user try again', async () => {
    const held = heldResponse();
    let calls = 0;
    server.use(
      http.post(api('/admin/courses/:courseId/lti/sync'), async () => {
        calls += 1;
        if (calls === 1) return fail(502, 'The LMS did not answer', 'LTI_SERVICE_FAILED');
        await held.released;
        return ok(PREVIEW);
      }),
    );
    const { user } = renderWithProviders(<LmsRosterSection courseId={COURSE_ID} />);
    await user.click(screen.getByRole('button', { name: 'Sync roster' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The LMS did not answer');
    await user.click(screen.getByRole('button', { name: 'Sync roster' }));
    // While the preview runs the button says so.
    expect(screen.getByRole('button', { name: 'Sync roster' })).toHaveAttribute('data-loading');
    held.release();
    expect(await screen.findByRole('alert', { name: /What a sync would change/ })).toBeVisible();
  });
});
