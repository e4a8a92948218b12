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
      answers: { [AVAILABILITY_ID]: { type: 'AVAILABILITY', hours: [9, 10] } },
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
    expect(puts[1]?.answers[AVAILABILITY_ID]).toEqual({ type: 'AVAILABILITY', hours: [9, 10, 34] });
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
      answers: { [AVAILABILITY_ID]: { type: 'AVAILABILITY', hours: [9] } },
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
    expect(puts[0]?.answers[AVAILABILITY_ID]).toEqual({ type: 'AVAILABILITY', hours: [9] });
    await waitFor(() => expect(status).toHaveTextContent('Saved'));

    // The tab is closed.
    fireEvent.click(within(card).getByRole('button', { name: 'Monday 10:00 to 11:00' }));
    expect(status).toHaveTextContent('Saving…');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.answers[AVAILABILITY_ID]).toEqual({ type: 'AVAILABILITY', hours: [9, 10] });
    expect(puts.keptAlive).toEqual([true, true]);
    await waitFor(() => expect(status).toHaveTextContent('Saved'));

    // Nothing pending: hiding the page again sends nothing, and no debounced save follows.
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 100)));
    expect(puts).toHaveLength(2);
  });

  it("shows the server's 422 details on their questions", async () => {
    serveForm();
    server.use(
      http.put(RESPONSE, () =>
        fail(422, 'Some answers are missing', 'VALIDATION_ERROR', [
          { path: `answers.${SKILLS_ID}`, message: 'Answer this question' },
        ]),
      ),
    );
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Team formation survey' });
    await user.click(within(card).getByRole('button', { name: 'Submit' }));
    const skills = await waitFor(() => {
      const group = card.querySelector(`[data-question="${SKILLS_ID}"]`);
      expect(group).toHaveTextContent('Answer this question');
      return group as HTMLElement;
    });
    expect(skills).toHaveAttribute('aria-invalid', 'true');
    expect(skills).toHaveAccessibleDescription(/Answer this question/);
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Not submittedSome answers need changing (marked below).',
    );
    // The required questions are marked.
    expect(within(card).getAllByText('(required)')).toHaveLength(2);
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
      answers: { [AVAILABILITY_ID]: { type: 'AVAILABILITY', hours: [9, 10] } },
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
