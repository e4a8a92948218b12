import type { FormationApplyBody, FormationOptions } from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import {
  FORMATION_COURSE_ID,
  createFormationStudent,
  createPlacement,
  createProposal,
  createProposedTeam,
} from '@/testing/formation-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { FormationSection } from './formation-section';

const LENA = createFormationStudent({ fullname: 'Lena Park' });
const ANA = createFormationStudent({ fullname: 'Ana Souza' });
const BEN = createFormationStudent({ fullname: 'Ben Ito' });
const CAI = createFormationStudent({ fullname: 'Cai Wong' });
const DEV = createFormationStudent({ fullname: 'Dev Rao' });
const EXISTING_ID = '60000000-0000-4000-8000-000000000001';

/** Query Crew keeps Lena and takes Ana (3 of 4 seats); New team 1 gets Ben and Cai. */
function proposal(fingerprint = 'fp-1') {
  const crew = createProposedTeam({
    key: EXISTING_ID,
    teamId: EXISTING_ID,
    name: 'Query Crew',
    members: [LENA],
    maxSize: 3,
  });
  const fresh = createProposedTeam({ key: 'new-1', name: 'New team 1', maxSize: 3 });
  const closed = createProposedTeam({
    key: '60000000-0000-4000-8000-000000000002',
    teamId: '60000000-0000-4000-8000-000000000002',
    name: 'Closed Club',
    members: [createFormationStudent({ fullname: 'Zoe Li' })],
    openToRequests: false,
    locked: true,
  });
  return createProposal({
    fingerprint,
    teams: [crew, fresh, closed],
    placements: [
      createPlacement(
        ANA,
        EXISTING_ID,
        'Tops Query Crew up to the minimum; knows SQL, which it wants.',
      ),
      createPlacement(BEN, 'new-1', 'Forms a new team: no open seat was left.'),
      createPlacement(CAI, 'new-1', 'Asked to join Ben Ito and was invited back.'),
    ],
    unplaced: [{ student: DEV, reason: 'Excluded by the admin.' }],
    summary: {
      placed: 3,
      newTeams: 1,
      underMinimum: 1,
      underMinimumReason: '7 students cannot all make teams of at least 3.',
      notes: [],
    },
  });
}

function servePreview(answers = [proposal()]) {
  const bodies: FormationOptions[] = [];
  server.use(
    http.post(api('/admin/courses/:courseId/formation/preview'), async ({ request }) => {
      bodies.push((await request.json()) as FormationOptions);
      return ok(answers[Math.min(bodies.length, answers.length) - 1]);
    }),
  );
  return bodies;
}

const renderSection = () =>
  renderWithProviders(<FormationSection courseId={FORMATION_COURSE_ID} />);

describe('formation section', () => {
  it('previews with the options and shows the proposal', async () => {
    const bodies = servePreview();
    const { user } = renderSection();
    expect(screen.getByRole('heading', { name: 'Formation' })).toBeInTheDocument();
    expect(
      screen.getByRole('switch', { name: /Leave teams closed to requests alone/ }),
    ).toBeChecked();
    expect(screen.getByRole('switch', { name: /Merge teams under the minimum/ })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: /Merge teams under the minimum/ }));
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));

    const summary = await screen.findByRole('group', { name: 'Summary' });
    expect(bodies).toEqual([
      {
        leaveClosedTeamsAlone: true,
        mergeUnderMinimum: true,
        useSurvey: true,
        keepSelfFormedTeams: true,
        excludeUserIds: [],
      },
    ]);
    expect(summary).toHaveTextContent('3 students placed');
    expect(summary).toHaveTextContent('1 new team');
    expect(summary).toHaveTextContent('1 team under the minimum');
    expect(screen.getByText('7 students cannot all make teams of at least 3.')).toBeInTheDocument();

    // Each team is one line until opened: name, who is placed, seats.
    const crew = screen.getByRole('article', { name: 'Query Crew' });
    const openCrew = within(crew).getByRole('button', { name: /Query Crew/ });
    expect(openCrew).toHaveAttribute('aria-expanded', 'false');
    expect(crew).toHaveTextContent('1 student placed here · 1 member');
    expect(within(crew).getByText('2/3')).toBeInTheDocument();
    expect(within(crew).queryByText('Lena Park')).not.toBeInTheDocument();
    await user.click(openCrew);
    expect(openCrew).toHaveAttribute('aria-expanded', 'true');
    expect(within(crew).getByText('Lena Park')).toBeVisible();
    expect(
      within(crew).getByText('Tops Query Crew up to the minimum; knows SQL, which it wants.'),
    ).toBeVisible();
    const fresh = screen.getByRole('article', { name: 'New team 1' });
    expect(fresh).toHaveTextContent('2 students placed here');
    await user.click(within(fresh).getByRole('button', { name: /New team 1/ }));
    expect(within(fresh).getAllByText('Placed')).toHaveLength(2);
    // The locked team is not shown (nothing changes there) and cannot be a target.
    expect(screen.queryByRole('article', { name: 'Closed Club' })).not.toBeInTheDocument();
    expect(screen.getByText('1 other team unchanged.')).toBeInTheDocument();
    expect(screen.getByText(/Excluded by the admin\./)).toBeInTheDocument();
  });

  it('sends the moves and names the admin made in the apply body', async () => {
    servePreview();
    let applied: FormationApplyBody | undefined;
    server.use(
      http.post(api('/admin/courses/:courseId/formation/apply'), async ({ request }) => {
        applied = (await request.json()) as FormationApplyBody;
        return ok({
          placed: 3,
          createdTeams: [{ id: EXISTING_ID, name: 'Rustaceans' }],
          movedFromMerges: 0,
        });
      }),
    );
    const { user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    await user.click(await screen.findByRole('button', { name: 'Open every team' }));
    expect(screen.getByRole('button', { name: 'Close every team' })).toBeInTheDocument();

    // Query Crew holds 2 of 3: Ben may move there; then it is full, so Cai may not.
    const moveBen = await screen.findByRole('combobox', { name: 'Move Ben Ito to…' });
    const crewOption = within(moveBen).getByRole('option', { name: /Query Crew/ });
    expect(crewOption).not.toBeDisabled();
    expect(within(moveBen).queryByRole('option', { name: /Closed Club/ })).not.toBeInTheDocument();
    await user.selectOptions(moveBen, EXISTING_ID);
    expect(
      within(screen.getByRole('article', { name: 'Query Crew' })).getByText('3/3'),
    ).toBeInTheDocument();
    const moveCai = screen.getByRole('combobox', { name: 'Move Cai Wong to…' });
    expect(
      within(moveCai).getByRole('option', { name: /Query Crew \(3\/3, full\)/ }),
    ).toBeDisabled();

    const name = screen.getByRole('textbox', { name: 'Name of New team 1' });
    await user.clear(name);
    await user.type(name, 'Rustaceans');

    await user.click(screen.getByRole('button', { name: 'Apply placement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply placement' });
    expect(dialog).toHaveTextContent(
      'Place 3 students and create 1 new team? Everyone placed is notified.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply placement' }));

    await waitFor(() => expect(applied).toBeDefined());
    expect(applied).toEqual({
      fingerprint: 'fp-1',
      seed: 42,
      newTeams: [{ key: 'new-1', name: 'Rustaceans' }],
      placements: [
        { userId: ANA.userId, teamKey: EXISTING_ID },
        { userId: BEN.userId, teamKey: EXISTING_ID },
        { userId: CAI.userId, teamKey: 'new-1' },
      ],
    });
    // The proposal is spent; the result takes the focus instead of the page's top.
    const result = await screen.findByRole('region', { name: 'Placement applied' });
    expect(result).toHaveTextContent(
      '3 students placed; 1 new team created: Rustaceans. Everyone placed was notified',
    );
    await waitFor(() => expect(result).toHaveFocus());
    // Said once, in place: no toast repeats it over the header (issue 24 item 15).
    expect(screen.getAllByText(/Everyone placed was notified/)).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Summary' })).not.toBeInTheDocument();
    // A new preview replaces the result.
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    expect(await screen.findByRole('group', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Placement applied' })).not.toBeInTheDocument();
  });

  it('leaves out a new team emptied by moves', async () => {
    const crew = createProposedTeam({ key: EXISTING_ID, teamId: EXISTING_ID, name: 'Query Crew' });
    servePreview([
      createProposal({
        teams: [crew, createProposedTeam({ key: 'new-1', name: 'New team 1' })],
        placements: [createPlacement(BEN, 'new-1')],
      }),
    ]);
    let applied: FormationApplyBody | undefined;
    server.use(
      http.post(api('/admin/courses/:courseId/formation/apply'), async ({ request }) => {
        applied = (await request.json()) as FormationApplyBody;
        return ok({ placed: 1, createdTeams: [], movedFromMerges: 0 });
      }),
    );
    const { user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    await user.click(await screen.findByRole('button', { name: 'Open every team' }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Move Ben Ito to…' }),
      EXISTING_ID,
    );
    expect(screen.getByText(/this new team will not be created/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply placement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply placement' });
    expect(dialog).toHaveTextContent('Place 1 student and create 0 new teams?');
    await user.click(within(dialog).getByRole('button', { name: 'Apply placement' }));
    await waitFor(() => expect(applied?.newTeams).toEqual([]));
  });

  it('offers no merged-away team as a target, and refuses a taken name before applying', async () => {
    const TINY_ID = '60000000-0000-4000-8000-000000000003';
    const crew = createProposedTeam({
      key: EXISTING_ID,
      teamId: EXISTING_ID,
      name: 'Query Crew',
      members: [LENA],
    });
    const tiny = createProposedTeam({
      key: TINY_ID,
      teamId: TINY_ID,
      name: 'Tiny',
      members: [ANA],
    });
    servePreview([
      createProposal({
        teams: [crew, tiny, createProposedTeam({ key: 'new-1', name: 'New team 1' })],
        placements: [
          {
            ...createPlacement(ANA, EXISTING_ID, 'Merged: Tiny stayed under the minimum.'),
            fromTeamId: TINY_ID,
          },
          createPlacement(BEN, 'new-1'),
        ],
      }),
    ]);
    const { user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    await user.click(await screen.findByRole('button', { name: 'Open every team' }));
    const moveAna = await screen.findByRole('combobox', { name: 'Move Ana Souza to…' });
    expect(within(moveAna).queryByRole('option', { name: /Tiny/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Merged into other teams/)).toHaveTextContent('Tiny.');
    expect(screen.queryByText(/other team unchanged/)).not.toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: 'Name of New team 1' });
    await user.clear(name);
    await user.type(name, 'query crew');
    // Said in the team's line (seen with the team closed) and in the field.
    expect(
      within(screen.getByRole('article', { name: 'query crew' })).getAllByText(
        'Another team of the course has this name',
      ),
    ).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Apply placement' })).toBeDisabled();
    expect(
      screen.getByText("A new team's name needs changing (marked above) before applying."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close every team' }));
    expect(screen.queryByRole('textbox', { name: 'Name of New team 1' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'query crew' })).getByText(
        'Another team of the course has this name',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Open every team' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of New team 1' }), ' 2');
    expect(screen.getByRole('button', { name: 'Apply placement' })).toBeEnabled();
    expect(screen.queryByText(/name needs changing/)).not.toBeInTheDocument();
  });

  it('says when the course changed since the preview, and previews again', async () => {
    const bodies = servePreview([proposal('fp-1'), proposal('fp-2')]);
    server.use(
      http.post(api('/admin/courses/:courseId/formation/apply'), () =>
        fail(409, 'The course changed since the preview', 'STALE_PROPOSAL'),
      ),
    );
    const { user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    await user.click(await screen.findByRole('button', { name: 'Apply placement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply placement' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply placement' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The course changed since this preview');
    expect(screen.getByRole('button', { name: 'Apply placement' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Preview again' }));

    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual(bodies[0]);
    expect(await screen.findByRole('group', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByText('The course changed since this preview')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply placement' })).toBeEnabled();
  });

  it('shows a refusal in the shared envelope as it is', async () => {
    server.use(
      http.post(api('/admin/courses/:courseId/formation/preview'), () =>
        fail(400, 'Invalid request', 'VALIDATION_ERROR', [
          { path: 'excludeUserIds.0', message: 'Invalid UUID' },
        ]),
      ),
    );
    const { user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid request');
    expect(screen.getByText('excludeUserIds.0: Invalid UUID')).toBeInTheDocument();
  });

  it('speaks of proposal numbers, out of the way, never of seeds', async () => {
    const bodies = servePreview([proposal(), createProposal({ seed: 1529555061 })]);
    const { user } = renderSection();
    // The number field is behind Advanced options.
    const advanced = screen.getByRole('button', { name: 'Advanced options' });
    expect(advanced).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Proposal number' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    await screen.findByRole('group', { name: 'Summary' });
    expect(document.body).not.toHaveTextContent(/seed/i);

    // The proposal's number is in its details, with how to get the proposal back.
    await user.click(screen.getByRole('button', { name: 'About this proposal' }));
    expect(screen.getByText(/This is proposal number 42\./)).toBeVisible();

    await user.click(advanced);
    const number = screen.getByRole('textbox', { name: 'Proposal number' });
    expect(number).toHaveAccessibleDescription(/see that same proposal again/);
    await user.type(number, '42');
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      leaveClosedTeamsAlone: true,
      mergeUnderMinimum: false,
      useSurvey: true,
      keepSelfFormedTeams: true,
      excludeUserIds: [],
      seed: 42,
    });
    expect(document.body).not.toHaveTextContent(/seed/i);
  });
});

describe('formation by the survey (issue 27)', () => {
  const Q1 = '72000000-0000-4000-8000-000000000001';
  const Q2 = '72000000-0000-4000-8000-000000000002';
  const Q3 = '72000000-0000-4000-8000-000000000003';

  function criteriaProposal() {
    const fresh = createProposedTeam({
      key: 'new-1',
      name: 'New team 1',
      maxSize: 3,
      score: 0.62,
      criteria: [
        { questionId: Q1, score: 0.5, detail: '3 of the 6 shared free hours needed' },
        {
          questionId: Q2,
          score: 0.8,
          detail: 'Skills at level 4 or more: Python by 2, SQL by none (1 of 2 covered)',
        },
      ],
      project: { id: 'robot', name: 'Robot arm' },
    });
    return createProposal({
      teams: [fresh],
      placements: [
        createPlacement(BEN, 'new-1', 'Shares 9 free hours with the team.'),
        createPlacement(CAI, 'new-1', 'The team wanted React.'),
      ],
      criteria: {
        surveyVersion: 3,
        questions: [
          {
            id: Q1,
            prompt: 'When are you free?',
            type: 'AVAILABILITY',
            weight: 3,
            goal: 'SIMILAR',
            meanScore: 0.5,
          },
          {
            id: Q2,
            prompt: 'Your skills',
            type: 'SKILLS',
            weight: 2,
            goal: 'DIVERSE',
            meanScore: 0.8,
          },
        ],
        lowestScore: 0.62,
        meanScore: 0.781,
        respondents: 12,
        nonRespondents: 3,
        baseline: {
          samples: 30,
          lowestScore: 0.21,
          meanScore: 0.44,
          violations: 2.3,
          questions: [
            { questionId: Q1, score: 0.12 },
            { questionId: Q2, score: 0.61 },
          ],
        },
        answers: { activeStudents: 30, submitted: 24, drafts: 4, notStarted: 2 },
        rules: [
          {
            questionId: Q3,
            prompt: 'Background',
            kind: 'DO_NOT_ISOLATE',
            weight: 0,
            options: ['Group B'],
          },
        ],
        violations: [
          {
            kind: 'AVOID',
            teamKey: 'new-1',
            userIds: [BEN.userId, CAI.userId],
            detail: 'Ben Ito and Cai Wong would rather not work together; no other seat was free.',
          },
        ],
      },
    });
  }

  it('sends the survey options and shows the scores, the shares and what could not be kept', async () => {
    const bodies = servePreview([criteriaProposal()]);
    let applied: FormationApplyBody | null = null;
    server.use(
      http.post(api('/admin/courses/:courseId/formation/apply'), async ({ request }) => {
        applied = (await request.json()) as FormationApplyBody;
        return ok({ placed: 2, createdTeams: [], movedFromMerges: 0 });
      }),
    );
    const { user } = renderSection();
    const survey = screen.getByRole('switch', { name: /Use the course's survey/ });
    const keep = screen.getByRole('switch', { name: /Keep teams students formed/ });
    expect(survey).toBeChecked();
    expect(keep).toBeChecked();
    await user.click(keep);
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));

    const criteria = await screen.findByRole('group', { name: 'Survey criteria' });
    expect(bodies[0]).toMatchObject({ useSurvey: true, keepSelfFormedTeams: false });
    expect(criteria).toHaveTextContent('lowest team score 62%, mean 78%');
    // Issue 35: the scale, a random placement beside the scores, one count, the rules.
    expect(criteria).toHaveTextContent('(a random placement: 21% and 44%)');
    expect(criteria).toHaveTextContent(
      'Scores run from 0% (the worst a question can be for a team) to 100% (fully met)',
    );
    const table = within(criteria).getByRole('table', { name: 'Scores beside a random placement' });
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(row(/^Lowest team/)).toHaveTextContent('Lowest team62%21%');
    expect(row(/^Mean of the teams/)).toHaveTextContent('78%44%');
    expect(row(/^When are you free\?/)).toHaveTextContent('50%12%');
    expect(row(/^Rules not kept/)).toHaveTextContent('12.3');
    expect(criteria).toHaveTextContent('the mean of 30 random placements');
    expect(criteria).toHaveTextContent(
      'Answers: 24 submitted, 4 drafts, 2 not started (of 30 active students). Placement uses the answers saved in drafts too',
    );
    expect(criteria).toHaveTextContent(
      '“Background”: do not isolate “Group B” (not scored; its rule still applies)',
    );
    expect(criteria).not.toHaveTextContent('everyone did');
    expect(within(criteria).getByText('1 rule could not be kept')).toBeInTheDocument();
    expect(criteria).toHaveTextContent(
      'New team 1: Ben Ito and Cai Wong would rather not work together; no other seat was free.',
    );

    const team = screen.getByRole('article', { name: 'New team 1' });
    expect(team).toHaveTextContent('62%');
    expect(team).toHaveTextContent('Project: Robot arm');
    await user.click(within(team).getByRole('button', { name: /New team 1/ }));
    const shares = within(team).getByRole('group', { name: 'Scores of New team 1 by question' });
    expect(
      within(shares).getByRole('progressbar', { name: 'When are you free?: 50%' }),
    ).toBeInTheDocument();
    expect(
      within(shares).getByRole('progressbar', { name: 'Your skills: 80%' }),
    ).toBeInTheDocument();
    expect(within(team).getByText('Shares 9 free hours with the team.')).toBeInTheDocument();
    // What each criterion measured, in words.
    expect(within(shares).getByText('3 of the 6 shared free hours needed')).toBeInTheDocument();
    expect(
      within(shares).getByText(
        'Skills at level 4 or more: Python by 2, SQL by none (1 of 2 covered)',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply placement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply placement' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply placement' }));
    await waitFor(() => expect(applied).not.toBeNull());
    expect(applied!.projects).toEqual([{ teamKey: 'new-1', projectId: 'robot' }]);
  });

  it('shows no criteria when the proposal did not use a survey', async () => {
    servePreview([proposal()]);
    const { user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    await screen.findByRole('group', { name: 'Summary' });
    expect(screen.queryByRole('group', { name: 'Survey criteria' })).not.toBeInTheDocument();
  });
});
