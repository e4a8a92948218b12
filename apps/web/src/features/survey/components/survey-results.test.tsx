import type { SurveyResponseRow } from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import { paginate } from '@/testing/organizations-data';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import {
  AVAILABILITY_ID,
  SKILLS_ID,
  SURVEY_COURSE_ID,
  createAdminSurveyView,
  createSurveyResponse,
  createSurveyResponseRow,
} from '@/testing/survey-data';
import { SurveySection } from './survey-section';

const answered: SurveyResponseRow[] = Array.from({ length: 25 }, (_, i) =>
  createSurveyResponseRow(
    `Student ${i + 1}`,
    createSurveyResponse({
      answers: {
        [AVAILABILITY_ID]: { type: 'AVAILABILITY', hours: [9, 10, 24 + 9] },
        // Student 2 rated only a skill an edit removed; Student 3 also one that is still there.
        ...(i === 1 ? {} : { [SKILLS_ID]: { type: 'SKILLS', levels: { React: 4, SQL: 2 } } }),
      },
      submittedAt: i === 0 ? null : new Date().toISOString(),
    }),
    i === 1 || i === 2 ? [SKILLS_ID] : [],
  ),
);
const missing = [
  createSurveyResponseRow('Sam Okafor', null),
  createSurveyResponseRow('Lena Park', createSurveyResponse()),
];

function serveResults(view = createAdminSurveyView()) {
  const asked: string[] = [];
  const reminders: number[] = [];
  const bodies: unknown[] = [];
  server.use(
    http.get(api('/admin/courses/:courseId/survey'), () => ok(view)),
    http.get(api('/admin/courses/:courseId/survey/responses'), ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const rows = url.searchParams.get('status') === 'MISSING' ? missing : answered;
      return ok(paginate(rows, page, limit));
    }),
    http.post(api('/admin/courses/:courseId/survey/remind'), async ({ request }) => {
      reminders.push(1);
      bodies.push(await request.json());
      return ok({ notified: 7 });
    }),
  );
  return { asked, reminders, bodies };
}

const renderSection = () => renderWithProviders(<SurveySection courseId={SURVEY_COURSE_ID} />);

describe('survey results', () => {
  it('shows the response rate and the answers in words, page by page', async () => {
    const { asked } = serveResults();
    const { user } = renderSection();
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(results).toHaveTextContent(
      'Submitted: 3 of 10 students (30%) · 3 submitted, 2 drafts, 5 not started',
    );
    expect(within(results).getByRole('progressbar', { name: 'Response rate' })).toBeInTheDocument();
    const table = await within(results).findByRole('table', { name: 'Answers' });
    const first = within(table).getByRole('row', { name: /Student 1 / });
    expect(first).toHaveTextContent('Draft saved');
    expect(first).toHaveTextContent('3 h: Mon 9–11, Tue 9–10');
    // An answer that named something an edit removed says so, never blank (issue 35).
    expect(first).not.toHaveTextContent('removed option');
    expect(within(table).getByRole('row', { name: /Student 2 / })).toHaveTextContent(
      'Answered a removed option',
    );
    expect(within(table).getByRole('row', { name: /Student 3 / })).toHaveTextContent(
      '(also answered a removed option)',
    );
    expect(first).toHaveTextContent('React 4, SQL 2');
    expect(within(table).getByRole('row', { name: /Student 2 / })).toHaveTextContent('Submitted');
    expect(within(results).getByText('1–20 of 25 responses')).toBeInTheDocument();

    await user.click(within(results).getByRole('button', { name: 'Page 2' }));
    expect(await within(results).findByText('Student 21')).toBeInTheDocument();
    expect(within(results).queryByText('Student 1')).not.toBeInTheDocument();
    expect(asked).toEqual(['?status=ANSWERED&page=1&limit=20', '?status=ANSWERED&page=2&limit=20']);
  });

  it('shows the answers as one card per student on a phone, no table to scroll sideways', async () => {
    serveResults();
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      renderSection();
      const results = await screen.findByRole('region', { name: 'Results' });
      const list = await within(results).findByRole('list', { name: 'Answers' });
      expect(within(results).queryByRole('table', { name: 'Answers' })).not.toBeInTheDocument();
      const first = within(list)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes('Student 1'))!;
      expect(first).toHaveTextContent('Draft saved');
      expect(first).toHaveTextContent('3 h: Mon 9–11, Tue 9–10');
      expect(list).toHaveTextContent('Answered a removed option');
    } finally {
      window.innerWidth = width;
    }
  });

  it('lists who has not answered and reminds them', async () => {
    const { asked, reminders, bodies } = serveResults();
    const { user } = renderSection();
    await user.click(await screen.findByRole('tab', { name: 'Not answered' }));
    const table = await screen.findByRole('table', { name: 'Students who have not submitted' });
    expect(within(table).getByRole('row', { name: /Sam Okafor/ })).toHaveTextContent('Not started');
    expect(within(table).getByRole('row', { name: /Lena Park/ })).toHaveTextContent('Draft saved');
    expect(asked).toContain('?status=MISSING&page=1&limit=20');
    await user.click(screen.getByRole('button', { name: 'Remind' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remind students who have not submitted',
    });
    expect(dialog).toHaveTextContent('7 active students have not submitted the survey.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Reminder sent to 7 students.')).toBeInTheDocument();
    expect(reminders).toHaveLength(1);
    expect(bodies).toEqual([{}]);
  });

  // Issue 35: the instructor's own words go with the reminder; too long, it waits.
  it('sends the instructor’s own message, one line, and not over the limit', async () => {
    const { bodies } = serveResults();
    const { user } = renderSection();
    await user.click(await screen.findByRole('tab', { name: 'Not answered' }));
    await user.click(await screen.findByRole('button', { name: 'Remind' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remind students who have not submitted',
    });
    const field = within(dialog).getByRole('textbox', { name: 'Your message (optional)' });
    const send = within(dialog).getByRole('button', { name: 'Send reminder' });
    await user.click(field);
    await user.paste('x'.repeat(301));
    expect(within(dialog).getByText(/^At most 300 characters/)).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.clear(field);
    await user.type(field, '  Five minutes,   please.  ');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText('Reminder sent to 7 students.')).toBeInTheDocument();
    expect(bodies).toEqual([{ message: 'Five minutes, please.' }]);
  });

  it('does not offer the reminder when every active student has submitted', async () => {
    const { reminders } = serveResults(
      createAdminSurveyView({ activeStudents: 10, submitted: 10 }),
    );
    const { user } = renderSection();
    await user.click(await screen.findByRole('tab', { name: 'Not answered' }));
    const button = await screen.findByRole('button', { name: 'Remind' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Nobody to remind: every active student has submitted.',
    );
    expect(reminders).toHaveLength(0);
  });

  it('says when the next reminder may go, and shows a refusal', async () => {
    serveResults(
      createAdminSurveyView({
        remindAvailableAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
      }),
    );
    const { user } = renderSection();
    await user.click(await screen.findByRole('tab', { name: 'Not answered' }));
    expect(await screen.findByText(/^You can remind again at/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind' })).toBeDisabled();
  });

  it('shows the server refusing a reminder', async () => {
    serveResults();
    server.use(
      http.post(api('/admin/courses/:courseId/survey/remind'), () =>
        fail(409, 'Everyone has submitted', 'NOTHING_TO_REMIND'),
      ),
    );
    const { user } = renderSection();
    await user.click(await screen.findByRole('tab', { name: 'Not answered' }));
    await user.click(await screen.findByRole('button', { name: 'Remind' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Everyone has submitted'),
    );
  });
});
