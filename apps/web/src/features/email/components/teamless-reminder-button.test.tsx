import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createCourse } from '@/testing/courses-data';
import { createTeamlessReminderPreview } from '@/testing/email-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { TEAMS_COURSE_ID } from '@/testing/teams-data';
import { REMINDER_BUTTON } from './teamless-reminder-button';

const coursePath = `/admin/courses/${TEAMS_COURSE_ID}/roster`;
const REMINDER = `*/api/v1/admin/courses/${TEAMS_COURSE_ID}/reminders/teamless`;

/** The course and its reminder endpoints, counting the reads and sends. */
function serveReminder(preview = createTeamlessReminderPreview()) {
  const calls = { get: 0, post: 0, bodies: [] as unknown[] };
  server.use(
    http.get(api('/courses/:id'), () =>
      ok(createCourse({ id: TEAMS_COURSE_ID, code: 'CS-401', title: 'Software Engineering' })),
    ),
    http.get(REMINDER, () => {
      calls.get += 1;
      return ok(preview);
    }),
    http.post(REMINDER, async ({ request }) => {
      calls.post += 1;
      calls.bodies.push(await request.json());
      const sentAt = new Date();
      return ok({
        sent: preview.recipients.length,
        sentAt: sentAt.toISOString(),
        nextAllowedAt: new Date(sentAt.getTime() + 24 * 3_600_000).toISOString(),
      });
    }),
  );
  return calls;
}

async function openDialog() {
  const view = renderApp(coursePath, { user: { role: 'ORG_ADMIN' } });
  const button = await screen.findByRole('button', { name: REMINDER_BUTTON });
  return { ...view, button };
}

describe('remind students without a team', () => {
  it('reads the preview with the page and afresh when the dialog opens, then sends and says to how many', async () => {
    const calls = serveReminder();
    const { user, button } = await openDialog();
    // Issue 35: read with the page, to know whether there is anyone to remind.
    await waitFor(() => expect(calls.get).toBe(1));
    expect(button).toBeEnabled();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: REMINDER_BUTTON });
    expect(await within(dialog).findByText('2 students without a team')).toBeInTheDocument();
    expect(within(dialog).getByText('Sam Okafor')).toBeInTheDocument();
    expect(within(dialog).getByText('lena.park@student.northfield.edu')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Your instructor reminds you that you have no team in CS-401 yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('You have no team in CS-401 yet')).toBeInTheDocument();
    expect(
      within(dialog).getByText('No reminder has been sent for this course yet.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.get).toBe(2));

    await user.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Reminder sent to 2 students.')).toBeInTheDocument();
    expect(calls.post).toBe(1);
    expect(calls.bodies).toEqual([{}]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the next reminder may go and does not send before', async () => {
    const lastSentAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const nextAllowedAt = new Date(Date.now() + 22 * 3_600_000).toISOString();
    const calls = serveReminder(createTeamlessReminderPreview({ lastSentAt, nextAllowedAt }));
    const { user, button } = await openDialog();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: REMINDER_BUTTON });
    expect(await within(dialog).findByText(/^Last sent /)).toBeInTheDocument();
    expect(within(dialog).getByText(/^You can send the next reminder at /)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send reminder' })).toBeDisabled();
    expect(calls.post).toBe(0);
  });

  it("shows the server's refusal in the dialog", async () => {
    serveReminder();
    server.use(
      http.post(REMINDER, () =>
        fail(409, 'A reminder was sent less than 24 hours ago', 'REMINDER_TOO_SOON'),
      ),
    );
    const { user, button } = await openDialog();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: REMINDER_BUTTON });
    await user.click(await within(dialog).findByRole('button', { name: 'Send reminder' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A reminder was sent less than 24 hours ago',
    );
    expect(screen.queryByText(/^Reminder sent to/)).toBeNull();
  });

  // Issue 35: not offered when there is nobody to remind; the reason is said beside it.
  it('is not offered when every student has a team, and says why', async () => {
    const calls = serveReminder(createTeamlessReminderPreview({ recipients: [] }));
    const { button } = await openDialog();
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription(
      'Nobody to remind: every active student has a team.',
    );
    expect(calls.post).toBe(0);
  });

  it('sends the instructor’s own message with the reminder, shown in the preview', async () => {
    const calls = serveReminder();
    const { user, button } = await openDialog();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: REMINDER_BUTTON });
    const field = await within(dialog).findByRole('textbox', { name: 'Your message (optional)' });
    await user.type(field, 'Teams are due Friday.');
    expect(
      within(dialog).getByText(
        'Your instructor reminds you that you have no team in CS-401 yet: Teams are due Friday.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Reminder sent to 2 students.')).toBeInTheDocument();
    expect(calls.bodies).toEqual([{ message: 'Teams are due Friday.' }]);
  });
});
