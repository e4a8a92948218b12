import type { AdminSurveyView, Survey, SurveyPutBody } from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import {
  SURVEY_COURSE_ID,
  createAdminSurveyView,
  createRoleQuestion,
  createSkillsQuestion,
  createSurvey,
} from '@/testing/survey-data';
import { SurveySection } from './survey-section';

const SURVEY = api('/admin/courses/:courseId/survey');

/** The survey endpoint: GET answers the current view, PUT answers `onPut` (or saves). */
function serveSurvey(
  initial: AdminSurveyView,
  onPut?: (body: SurveyPutBody, view: AdminSurveyView) => Response | undefined,
) {
  let view = initial;
  const puts: SurveyPutBody[] = [];
  server.use(
    http.get(SURVEY, () => ok(view)),
    http.put(SURVEY, async ({ request }) => {
      const body = (await request.json()) as SurveyPutBody;
      puts.push(body);
      const custom = onPut?.(body, view);
      if (custom) return custom;
      const saved: Survey = createSurvey({
        version: body.version + 1,
        questions: 'questions' in body ? (body.questions as Survey['questions']) : [],
        opensAt: 'opensAt' in body ? (body.opensAt ?? null) : null,
        closesAt: 'closesAt' in body ? (body.closesAt ?? null) : null,
        state: 'DRAFT',
      });
      view = { ...view, survey: saved };
      return ok(saved);
    }),
  );
  return {
    puts,
    setView: (next: AdminSurveyView) => {
      view = next;
    },
  };
}

const renderSection = () => renderWithProviders(<SurveySection courseId={SURVEY_COURSE_ID} />);

describe('survey builder', () => {
  it('adds a skills question, edits it and saves the whole survey with the version read', async () => {
    const { puts } = serveSurvey(createAdminSurveyView({ survey: null, submitted: 0, drafts: 0 }));
    const { user } = renderSection();
    expect(await screen.findByText(/No questions yet/)).toBeInTheDocument();
    // No results before the survey exists.
    expect(screen.queryByRole('heading', { name: 'Results' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Question type' }), 'SKILLS');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const question = screen.getByRole('article', { name: 'Question 1' });
    expect(within(question).getByText('Skill levels')).toBeInTheDocument();
    const prompt = within(question).getByRole('textbox', { name: 'Prompt of question 1' });
    await user.clear(prompt);
    await user.type(prompt, 'Rate your skills');
    await user.type(
      within(question).getByRole('textbox', { name: 'Skills of question 1' }),
      'React{Enter}SQL{Enter}',
    );
    await user.click(within(question).getByRole('radio', { name: '5' }));
    expect(
      within(question).getByText("Counts 5 in a team's score (0 = not scored)"),
    ).toBeInTheDocument();
    await user.click(within(question).getByRole('radio', { name: 'Similar' }));
    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save survey' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      version: 0,
      opensAt: null,
      closesAt: null,
      questions: [
        {
          type: 'SKILLS',
          prompt: 'Rate your skills',
          skills: ['React', 'SQL'],
          weight: 5,
          goal: 'SIMILAR',
          required: true,
        },
      ],
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Results' })).toBeInTheDocument();
  });

  it('hides Similar/Diverse where the question type fixes it and gives options ids from labels', async () => {
    const { puts } = serveSurvey(createAdminSurveyView({ survey: null }));
    const { user } = renderSection();
    await screen.findByText(/No questions yet/);
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const availability = screen.getByRole('article', { name: 'Question 1' });
    expect(within(availability).queryByRole('radio', { name: 'Diverse' })).not.toBeInTheDocument();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Question type' }),
      'DEMOGRAPHIC',
    );
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const background = screen.getByRole('article', { name: 'Question 2' });
    await user.type(
      within(background).getByRole('textbox', { name: 'Option 1 of question 2' }),
      'First generation',
    );
    await user.type(
      within(background).getByRole('textbox', { name: 'Option 2 of question 2' }),
      'First generation',
    );
    await user.click(
      within(background).getByRole('checkbox', { name: 'Do not isolate option 1 of question 2' }),
    );
    await user.click(within(background).getByRole('button', { name: 'Move option 2 up' }));
    // Availability moves below the background question.
    await user.click(within(availability).getByRole('button', { name: 'Move question 1 down' }));
    await user.click(screen.getByRole('button', { name: 'Save survey' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const body = puts[0] as Extract<SurveyPutBody, { questions: unknown }>;
    const [first, second] = body.questions as Survey['questions'];
    expect(first).toMatchObject({
      type: 'DEMOGRAPHIC',
      // Options not saved yet take their ids from their labels, in their order; the "do not
      // isolate" mark follows its option.
      options: [
        { id: 'first-generation', label: 'First generation' },
        { id: 'first-generation-2', label: 'First generation' },
      ],
      doNotIsolate: ['first-generation-2'],
    });
    expect(second).toMatchObject({
      type: 'AVAILABILITY',
      goal: 'SIMILAR',
      fromHour: 8,
      toHour: 20,
    });
  });

  it('warns what an edit does to the answers given before saving it (issue 35)', async () => {
    const role = createRoleQuestion({ prompt: 'Preferred role' });
    const skills = createSkillsQuestion({ prompt: 'Preferred language' });
    const { puts } = serveSurvey(
      createAdminSurveyView({
        survey: createSurvey({ questions: [role, skills] }),
        submitted: 20,
        drafts: 4,
        answerCounts: {
          [role.id]: { answers: 24, refs: { leader: 12, developer: 12 } },
          [skills.id]: { answers: 24, refs: { React: 24 } },
        },
      }),
    );
    const { user } = renderSection();
    const first = await screen.findByRole('article', { name: 'Question 1' });
    const option = within(first).getByRole('textbox', { name: 'Option 2 of question 1' });
    await user.clear(option);
    await user.type(option, 'Software developer');
    await user.click(
      within(screen.getByRole('article', { name: 'Question 2' })).getByRole('button', {
        name: 'Delete question 2',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save survey' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Students have answered this survey',
    });
    expect(dialog).toHaveTextContent('24 students have answered');
    const lines = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Renaming “Developer” to “Software developer” keeps its 12 answers.',
      'Deleting “Preferred language” removes its 24 answers.',
    ]);
    // Keep editing: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save survey' }));
    const again = await screen.findByRole('dialog', { name: 'Students have answered this survey' });
    await user.click(within(again).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const body = puts[0] as Extract<SurveyPutBody, { questions: unknown }>;
    expect(body.questions).toHaveLength(1);
    expect((body.questions as Survey['questions'])[0]).toMatchObject({
      options: [
        { id: 'leader', label: 'Leader' },
        { id: 'developer', label: 'Software developer' },
      ],
    });
  });

  it("shows the server's field messages on their questions", async () => {
    serveSurvey(createAdminSurveyView(), () =>
      fail(422, 'The request is not valid', 'VALIDATION_ERROR', [
        { path: 'questions.1.skills', message: 'Each skill once' },
        { path: 'closesAt', message: 'Must be after opensAt' },
      ]),
    );
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Save survey' }));
    const skills = screen.getByRole('article', { name: 'Question 2' });
    expect(await within(skills).findByText('Each skill once')).toBeInTheDocument();
    expect(screen.getByText('Must be after opensAt')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Some fields need changing (marked above).',
    );
  });

  it('says when someone else saved meanwhile and reloads their version', async () => {
    const { setView, puts } = serveSurvey(createAdminSurveyView(), () =>
      fail(409, 'The survey changed since you read it', 'SURVEY_CHANGED'),
    );
    const { user } = renderSection();
    const question = await screen.findByRole('article', { name: 'Question 1' });
    await user.click(within(question).getByRole('button', { name: 'Delete question 1' }));
    await user.click(screen.getByRole('button', { name: 'Save survey' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this survey');
    expect(puts[0]).toMatchObject({ version: 1 });

    setView(
      createAdminSurveyView({
        survey: createSurvey({
          version: 2,
          questions: [createSkillsQuestion({ prompt: 'Their new prompt' })],
        }),
      }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Reload the survey' }));
    expect(await screen.findByDisplayValue('Their new prompt')).toBeInTheDocument();
    expect(screen.queryByText('Someone else saved this survey')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it("copies another course's questions", async () => {
    const { puts } = serveSurvey(
      createAdminSurveyView({
        survey: null,
        copySources: [
          {
            courseId: '73000000-0000-4000-8000-000000000001',
            code: 'CS-201',
            title: 'Databases',
            questionCount: 4,
          },
        ],
      }),
    );
    const { user } = renderSection();
    expect(
      await screen.findByRole('option', { name: 'CS-201 · Databases (4 questions)' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy questions' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { version: 0, copyFromCourseId: '73000000-0000-4000-8000-000000000001' },
      ]),
    );
  });
});
