import type { SurveyResponseBody } from '@teamup/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import {
  AVAILABILITY_ID,
  SKILLS_ID,
  SURVEY_COURSE_ID,
  createSkillsQuestion,
  createStudentSurveyView,
  createSurvey,
  createSurveyResponse,
} from '@/testing/survey-data';
import { AUTOSAVE_DELAY_MS, PRIVACY_NOTE, StudentSurveyCard } from './student-survey-card';

/** Lets a request that was started reach the mock server (real ticks, no timers). */
async function settle() {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

const RESPONSE = api('/student/courses/:courseId/survey/response');

/** The saves the server was sent, and whether each was sent to outlive the page. */
function serveForm(view = createStudentSurveyView()) {
  const puts: SurveyResponseBody[] = [];
  const keptAlive: boolean[] = [];
  server.use(
    http.get(api('/student/courses/:courseId/survey'), () => ok(view)),
    http.put(RESPONSE, async ({ request }) => {
      const body = (await request.json()) as SurveyResponseBody;
      puts.push(body);
      keptAlive.push(request.keepalive);
      return ok(
        createSurveyResponse({
          answers: body.answers,
          updatedAt: new Date().toISOString(),
          submittedAt: body.submit ? new Date().toISOString() : null,
        }),
      );
    }),
  );
  return Object.assign(puts, { keptAlive });
}

const renderCard = () => renderWithProviders(<StudentSurveyCard courseId={SURVEY_COURSE_ID} />);

describe('student survey form', () => {
  it('saves the answers once, a moment after the last change, then submits', async () => {
    const puts = serveForm();
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    expect(card).toHaveTextContent(PRIVACY_NOTE);
    const grid = within(card).getByRole('table', {
      name: 'When are you free to work with your team?',
    });
    const mon9 = within(grid).getByRole('button', { name: 'Monday 9:00 to 10:00' });
    const mon10 = within(grid).getByRole('button', { name: 'Monday 10:00 to 11:00' });
    expect(mon9).toHaveAttribute('aria-pressed', 'false');

    // The debounce, on a clock the test moves: each change restarts the wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(mon9);
      await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
      fireEvent.click(mon10);
      await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1));
      await act(settle);
      expect(puts).toHaveLength(0);
      expect(within(card).getByRole('status')).toHaveTextContent('Saving…');
      await act(() => vi.advanceTimersByTimeAsync(1));
      // The save went out. Let it land while the clock is still fake, and run what it queued on
      // that clock (TanStack Query batches its notifications with a zero-delay timeout):
      // useRealTimers drops the fake timers still pending, and the renders they would cause.
      for (let i = 0; i < 10 && puts.length === 0; i += 1) {
        await act(settle);
        await act(() => vi.advanceTimersByTimeAsync(0));
      }
      await act(settle);
      await act(() => vi.advanceTimersByTimeAsync(0));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      answers: { [AVAILABILITY_ID]: { type: 'AVAILABILITY', timeZone: 'UTC', hours: [9, 10] } },
      submit: false,
    });
    expect(mon9).toHaveAttribute('aria-pressed', 'true');
    expect(mon10).toHaveAttribute('aria-pressed', 'true');

    // Keyboard: from Monday 10:00 the right arrow reaches Tuesday 10:00, Space toggles it.
    act(() => mon10.focus());
    await user.keyboard('{ArrowRight}');
    const tue10 = within(grid).getByRole('button', { name: 'Tuesday 10:00 to 11:00' });
    expect(tue10).toHaveFocus();
    await user.keyboard(' ');
    expect(tue10).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.answers[AVAILABILITY_ID]).toEqual({
      type: 'AVAILABILITY',
      timeZone: 'UTC',
      hours: [9, 10, 34],
    });
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Saved'));
    expect(within(card).getByText('Free: 3 h: Mon 9–11, Tue 10–11')).toBeInTheDocument();

    const react = within(card).getByRole('radiogroup', { name: 'React' });
    await user.click(within(react).getByRole('radio', { name: 'React: 4 of 5' }));
    await user.click(
      within(within(card).getByRole('radiogroup', { name: 'SQL' })).getByRole('radio', {
        name: 'SQL: 2 of 5',
      }),
    );
    await user.click(within(card).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(puts.at(-1)?.submit).toBe(true));
    expect(puts.at(-1)?.answers[SKILLS_ID]).toEqual({
      type: 'SKILLS',
      levels: { React: 4, SQL: 2 },
    });
    await waitFor(() => expect(card).toHaveTextContent(/Submitted on /));
    // Submitting sent the pending answers at once: no draft save comes after it. The wait is in
    // act: the Submit button's loader still runs its exit transition (Mantine's timers run even
    // with transitions off in tests) and its updates land during the wait.
    await act(() => new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 200)));
    expect(puts.filter((p) => p.submit)).toHaveLength(1);
    expect(puts.at(-1)?.submit).toBe(true);
  });

  it('sends a pending save at once when the student leaves the form', async () => {
    const puts = serveForm();
    const { unmount } = renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    fireEvent.click(within(card).getByRole('button', { name: 'Monday 9:00 to 10:00' }));
    expect(puts).toHaveLength(0);
    // Leaving within the debounce window (a navigation in the app unmounts the form).
    unmount();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      answers: { [AVAILABILITY_ID]: { type: 'AVAILABILITY', timeZone: 'UTC', hours: [9] } },
      submit: false,
    });
    expect(puts.keptAlive).toEqual([true]);
    // The debounce was cancelled: the same answers are not sent a second time.
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 100));
    expect(puts).toHaveLength(1);
  });

  it('sends a pending save, kept alive, when the page is hidden or closed', async () => {
    const puts = serveForm();
    renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    const status = within(card).getByRole('status');

    // Another tab comes to the front.
    fireEvent.click(within(card).getByRole('button', { name: 'Monday 9:00 to 10:00' }));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.answers[AVAILABILITY_ID]).toEqual({
      type: 'AVAILABILITY',
      timeZone: 'UTC',
      hours: [9],
    });
    await waitFor(() => expect(status).toHaveTextContent('Saved'));

    // The tab is closed.
    fireEvent.click(within(card).getByRole('button', { name: 'Monday 10:00 to 11:00' }));
    expect(status).toHaveTextContent('Saving…');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.answers[AVAILABILITY_ID]).toEqual({
      type: 'AVAILABILITY',
      timeZone: 'UTC',
      hours: [9, 10],
    });
    expect(puts.keptAlive).toEqual([true, true]);
    await waitFor(() => expect(status).toHaveTextContent('Saved'));

    // Nothing pending: hiding the page again sends nothing, and no debounced save follows.
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 100)));
    expect(puts).toHaveLength(2);
  });

  it('names the first problem of a failed submit and moves the focus to it (issue 35)', async () => {
    const puts = serveForm();
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    await user.click(within(card).getByRole('button', { name: 'Submit' }));
    const alert = await within(card).findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Question 1, When are you free to work with your team?: mark at least one free hour',
      'Question 2, How good are you at each of these?: rate at least one skill',
    ]);
    // The focus is on the first problem (the grid's first cell), not the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card).getByRole('button', { name: 'Monday 9:00 to 10:00' }),
      ),
    );
    const hours = card.querySelector(`[data-question="${AVAILABILITY_ID}"]`) as HTMLElement;
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(hours).toHaveAccessibleDescription(/Mark at least one free hour/);
    // Nothing was sent: the form knew.
    expect(puts).toHaveLength(0);
    // The summary's second item takes the focus to its question.
    await user.click(within(alert).getByRole('button', { name: /^Question 2/ }));
    expect(document.activeElement).toBe(within(card).getByRole('radio', { name: 'React: 1 of 5' }));
    // The required questions are marked.
    expect(within(card).getAllByText('(required)')).toHaveLength(2);
  });

  it('names and focuses a question the server refused on submit', async () => {
    serveForm(
      createStudentSurveyView({
        response: createSurveyResponse({
          answers: {
            [AVAILABILITY_ID]: { type: 'AVAILABILITY', hours: [9] },
            [SKILLS_ID]: { type: 'SKILLS', levels: { React: 3 } },
          },
        }),
      }),
    );
    server.use(
      http.put(RESPONSE, () =>
        fail(422, 'One answer cannot be saved', 'VALIDATION_ERROR', [
          { path: `answers.${SKILLS_ID}`, message: "“Go” is not one of the question's skills" },
        ]),
      ),
    );
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    await user.click(within(card).getByRole('button', { name: 'Submit' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(
      "Question 2, How good are you at each of these?: “Go” is not one of the question's skills",
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card).getByRole('radio', { name: 'React: 3 of 5' }),
      ),
    );
  });

  it('a drag over the grid marks the rectangle from the first cell to the current one (issue 35)', async () => {
    serveForm();
    renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    const cell = (name: string) => within(card).getByRole('button', { name });
    fireEvent.pointerDown(cell('Monday 9:00 to 10:00'), { button: 0, pointerId: 1 });
    // The pointer goes straight to Wednesday 11:00, crossing Tuesday 10:00 only.
    fireEvent.pointerEnter(cell('Tuesday 10:00 to 11:00'));
    fireEvent.pointerEnter(cell('Wednesday 11:00 to 12:00'));
    fireEvent.pointerUp(cell('Wednesday 11:00 to 12:00'));
    for (const day of ['Monday', 'Tuesday', 'Wednesday']) {
      for (const h of [9, 10, 11]) {
        expect(cell(`${day} ${h}:00 to ${h + 1}:00`)).toHaveAttribute('aria-pressed', 'true');
      }
    }
    expect(cell('Thursday 9:00 to 10:00')).toHaveAttribute('aria-pressed', 'false');
    expect(card).toHaveTextContent('Free: 9 h: Mon 9–12, Tue 9–12, Wed 9–12');
  });

  it('keeps the focus on a project moved to the top or the bottom of the ranking (issue 35)', async () => {
    const survey = createSurvey({
      questions: [
        {
          id: '71000000-0000-4000-8000-000000000009',
          type: 'PROJECT',
          prompt: 'Which projects?',
          help: '',
          weight: 2,
          goal: 'SIMILAR',
          required: false,
          projects: [
            { id: 'atlas', name: 'Atlas', capacity: 2 },
            { id: 'beacon', name: 'Beacon', capacity: 2 },
            { id: 'comet', name: 'Comet', capacity: 2 },
          ],
        },
      ],
    });
    serveForm(createStudentSurveyView({ survey: { ...survey, questions: survey.questions } }));
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    within(card).getByRole('button', { name: 'Move Beacon up' }).focus();
    await user.keyboard('{Enter}');
    // Beacon is first: its Up is disabled, so the focus is on its Down, not lost.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card).getByRole('button', { name: 'Move Beacon down' }),
      ),
    );
    expect(within(card).getByRole('list', { name: 'Ranking: Which projects?' })).toHaveTextContent(
      '1. Beacon2. Atlas3. Comet',
    );
    within(card).getByRole('button', { name: 'Move Atlas down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card).getByRole('button', { name: 'Move Atlas up' }),
      ),
    );
  });

  it('one scale legend, one submit, the confirmation focused, and why a student in a team answers (issue 35)', async () => {
    const survey = createSurvey({
      questions: [
        createSkillsQuestion({ help: '1 = never used it, 5 = could teach it.', required: false }),
      ],
    });
    serveForm(
      createStudentSurveyView({
        survey: { ...survey, questions: survey.questions },
        team: { id: '72000000-0000-4000-8000-000000000001', name: 'Rockets' },
      }),
    );
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    expect(within(card).queryByText(/= beginner/)).not.toBeInTheDocument();
    expect(within(card).getByText('1 = never used it, 5 = could teach it.')).toBeInTheDocument();
    expect(within(card).getByRole('note')).toHaveTextContent('You are already in Rockets');
    expect(card).toHaveTextContent('Your answers save as you go. Submit when you are done');
    await user.click(within(card).getByRole('button', { name: 'Submit' }));
    const confirmation = await within(card).findByTestId('survey-submitted');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(confirmation).toHaveTextContent(/^Submitted on /);
    // One model: no "Submit again"; changes save as you go and stay submitted.
    expect(within(card).queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Changes you make now save as you go and stay submitted.');
  });

  it('is read only once the survey closed', async () => {
    const closesAt = new Date(Date.now() - 3_600_000).toISOString();
    const survey = createSurvey({ state: 'CLOSED', closesAt });
    serveForm(
      createStudentSurveyView({
        survey: { ...survey, questions: survey.questions },
        response: createSurveyResponse({
          answers: { [AVAILABILITY_ID]: { type: 'AVAILABILITY', hours: [9] } },
          submittedAt: new Date(Date.now() - 7_200_000).toISOString(),
        }),
      }),
    );
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    expect(within(card).getByText(/^This survey closed on /)).toBeInTheDocument();
    expect(card).toHaveTextContent(/Submitted on /);
    // One line until the student asks for the answers.
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'See your answers' }));
    expect(within(card).getByRole('heading', { name: 'Team formation survey' })).toHaveFocus();
    const mon9 = within(card).getByRole('button', { name: 'Monday 9:00 to 10:00' });
    expect(mon9).toHaveAttribute('aria-pressed', 'true');
    expect(mon9).toBeDisabled();
    expect(within(card).queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument();
  });

  it('opens as one line once submitted, the form on demand, and saves a change as a submission', async () => {
    const puts = serveForm(
      createStudentSurveyView({
        response: createSurveyResponse({
          answers: { [AVAILABILITY_ID]: { type: 'AVAILABILITY', hours: [9] } },
          submittedAt: new Date(Date.now() - 7_200_000).toISOString(),
        }),
      }),
    );
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    expect(card).toHaveTextContent(/Submitted on /);
    expect(within(card).getByText(/^You can change your answers until /)).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Change your answers' }));
    const mon10 = within(card).getByRole('button', { name: 'Monday 10:00 to 11:00' });
    await user.click(mon10);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      answers: { [AVAILABILITY_ID]: { type: 'AVAILABILITY', timeZone: 'UTC', hours: [9, 10] } },
      submit: true,
    });
    // Still open after the save: the form does not fold away under the student's hands.
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Saved'));
    expect(mon10).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows nothing when the course has no survey', async () => {
    let asked = 0;
    server.use(
      http.get(api('/student/courses/:courseId/survey'), () => {
        asked += 1;
        return ok(createStudentSurveyView({ survey: null }));
      }),
    );
    renderCard();
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
