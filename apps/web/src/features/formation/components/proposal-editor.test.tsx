// The proposal editor (issue 36, decision 155): moves by the list and by drag and drop, swaps,
// locks and undo; every edit is scored by POST …/formation/evaluate, and a move that breaks a
// rule the proposal keeps is named before anything moves.
import type {
  FormationApplyBody,
  FormationEvaluateBody,
  FormationEvaluation,
  FormationProposal,
} from '@teamup/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import {
  createFormationStudent,
  createPlacement,
  createProposal,
  createProposedTeam,
} from '@/testing/formation-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { FormationSection } from './formation-section';

const COURSE_ID = '50000000-0000-4000-8000-000000000001';
const Q = '70000000-0000-4000-8000-000000000001';
const G = '70000000-0000-4000-8000-000000000002';
const ANA = createFormationStudent({ fullname: 'Ana Souza' });
const BO = createFormationStudent({ fullname: 'Bo Ray' });
const CY = createFormationStudent({ fullname: 'Cy Park' });
const DAN = createFormationStudent({ fullname: 'Dan Oh' });
const EVE = createFormationStudent({ fullname: 'Eve Lund' });
const FINN = createFormationStudent({ fullname: 'Finn Ek' });

const team = (n: number, score: number) =>
  createProposedTeam({
    key: `new-${n}`,
    name: `Team ${n}`,
    maxSize: 3,
    score,
    criteria: [{ questionId: Q, score, detail: `${Math.round(score * 6)} of the 6 hours` }],
  });

/** Three new teams of two; Ana and Bo (women: not to be isolated) share Team 1. */
function proposal(): FormationProposal {
  return createProposal({
    seed: 42,
    teams: [team(1, 0.8), team(2, 0.7), team(3, 0.9)],
    placements: [
      createPlacement(ANA, 'new-1'),
      createPlacement(BO, 'new-1'),
      createPlacement(CY, 'new-2'),
      createPlacement(DAN, 'new-2'),
      createPlacement(EVE, 'new-3'),
      createPlacement(FINN, 'new-3'),
    ],
    criteria: {
      surveyVersion: 1,
      questions: [
        {
          id: Q,
          prompt: 'When are you free?',
          type: 'AVAILABILITY',
          weight: 3,
          goal: 'SIMILAR',
          meanScore: 0.8,
        },
      ],
      lowestScore: 0.7,
      meanScore: 0.8,
      respondents: 6,
      nonRespondents: 0,
      baseline: { samples: 30, lowestScore: 0.3, meanScore: 0.5, violations: 1, questions: [] },
      answers: { activeStudents: 6, submitted: 6, drafts: 0, notStarted: 0 },
      rules: [
        { questionId: G, prompt: 'Gender', kind: 'DO_NOT_ISOLATE', weight: 0, options: ['Woman'] },
      ],
      violations: [],
    },
  });
}

/** Scores any edit at 55% lowest; Ana away from Team 1 leaves Bo the only woman there. */
function serve() {
  const evaluated: FormationEvaluateBody[] = [];
  const applied: FormationApplyBody[] = [];
  server.use(
    http.post(api('/admin/courses/:courseId/formation/preview'), () => ok(proposal())),
    http.post(api('/admin/courses/:courseId/formation/evaluate'), async ({ request }) => {
      const body = (await request.json()) as FormationEvaluateBody;
      evaluated.push(body);
      const anaAway = body.placements.find((p) => p.userId === ANA.userId)!.teamKey !== 'new-1';
      const result: FormationEvaluation = {
        teams: [1, 2, 3].map((n) => ({
          key: `new-${n}`,
          score: n === 1 ? 0.55 : 0.75,
          criteria: [{ questionId: Q, score: n === 1 ? 0.55 : 0.75, detail: 'edited' }],
          project: null,
        })),
        criteria: {
          surveyVersion: 1,
          questions: [
            {
              id: Q,
              prompt: 'When are you free?',
              type: 'AVAILABILITY',
              weight: 3,
              goal: 'SIMILAR',
              meanScore: 0.68,
            },
          ],
          lowestScore: 0.55,
          meanScore: 0.68,
          respondents: 6,
          nonRespondents: 0,
          rules: proposal().criteria!.rules,
          violations: anaAway
            ? [
                {
                  kind: 'ISOLATED',
                  teamKey: 'new-1',
                  userIds: [BO.userId],
                  detail:
                    'Bo Ray is the only member of Team 1 who answered “Woman” to “Gender” (not to be isolated)',
                },
              ]
            : [],
        },
      };
      return ok(result);
    }),
    http.post(api('/admin/courses/:courseId/formation/apply'), async ({ request }) => {
      applied.push((await request.json()) as FormationApplyBody);
      return ok({ placed: 6, createdTeams: [], movedFromMerges: 0 });
    }),
  );
  return { evaluated, applied };
}

async function open() {
  const view = renderWithProviders(<FormationSection courseId={COURSE_ID} />);
  await view.user.click(screen.getByRole('button', { name: 'Preview placement' }));
  await view.user.click(await screen.findByRole('button', { name: 'Open every team' }));
  return view;
}

const card = (name: string) => screen.getByRole('article', { name });
const seats = (name: string) => within(card(name)).getByLabelText(/seats taken/);

describe('proposal editor', () => {
  it('moves by the list: the edit is scored and the scores follow; undo takes it back', async () => {
    const { evaluated } = serve();
    const { user } = await open();
    const criteria = screen.getByRole('group', { name: 'Survey criteria' });
    expect(criteria).toHaveTextContent('lowest team score 70%, mean 80%');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Move Cy Park to…' }), 'new-3');
    await waitFor(() => expect(seats('Team 3')).toHaveTextContent('3/3'));
    expect(seats('Team 2')).toHaveTextContent('1/3');
    expect(evaluated.at(-1)).toMatchObject({
      fingerprint: 'fp-1',
      seed: 42,
      options: { leaveClosedTeamsAlone: true, excludeUserIds: [], useSurvey: true },
    });
    expect(evaluated.at(-1)!.placements).toContainEqual({ userId: CY.userId, teamKey: 'new-3' });
    await waitFor(() => expect(criteria).toHaveTextContent('lowest team score 55%, mean 68%'));
    expect(within(card('Team 1')).getByTitle('Team score')).toHaveTextContent('55%');
    expect(screen.getByText('Edited')).toBeInTheDocument();
    // A full team is no target.
    expect(
      within(screen.getByRole('combobox', { name: 'Move Ana Souza to…' })).getByRole('option', {
        name: /Team 3 \(3\/3, full\)/,
      }),
    ).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Undo: Moving Cy Park to Team 3' }));
    expect(seats('Team 3')).toHaveTextContent('2/3');
    expect(criteria).toHaveTextContent('lowest team score 70%, mean 80%');
    expect(screen.getByText('Undone: Moving Cy Park to Team 3.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo the last edit' })).toBeDisabled();
  });

  it('names the rule a move breaks before it is made; Cancel leaves everything, Move anyway moves', async () => {
    serve();
    const { user } = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Move Ana Souza to…' }), 'new-2');
    const dialog = await screen.findByRole('dialog', { name: 'This change breaks a rule' });
    expect(dialog).toHaveTextContent(
      'Moving Ana Souza to Team 2 breaks a rule the proposal keeps:',
    );
    expect(dialog).toHaveTextContent(
      'Team 1: Bo Ray is the only member of Team 1 who answered “Woman” to “Gender” (not to be isolated)',
    );
    expect(dialog).toHaveTextContent('Nothing has moved yet.');
    // Nothing moved while asking.
    expect(seats('Team 1')).toHaveTextContent('2/3');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seats('Team 1')).toHaveTextContent('2/3');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Move Ana Souza to…' }), 'new-2');
    const again = await screen.findByRole('dialog', { name: 'This change breaks a rule' });
    await user.click(within(again).getByRole('button', { name: 'Move anyway' }));
    await waitFor(() => expect(seats('Team 1')).toHaveTextContent('1/3'));
    expect(seats('Team 2')).toHaveTextContent('3/3');
    // The proposal now says the rule is not kept.
    expect(await screen.findByText('1 rule could not be kept')).toBeInTheDocument();
  });

  it('moves by drag and drop onto another team, through the same check', async () => {
    const { evaluated } = serve();
    await open();
    const cy = card('Team 2').querySelector('[data-student="Cy Park"]')!;
    const data = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(cy, { dataTransfer: data });
    expect(card('Team 3')).toHaveAttribute('data-drop-target', 'true');
    // Its own team is no target.
    expect(card('Team 2')).not.toHaveAttribute('data-drop-target');
    fireEvent.dragOver(card('Team 3'), { dataTransfer: data });
    fireEvent.drop(card('Team 3'), { dataTransfer: data });
    await waitFor(() => expect(seats('Team 3')).toHaveTextContent('3/3'));
    expect(
      evaluated.some((b) =>
        b.placements.some((p) => p.userId === CY.userId && p.teamKey === 'new-3'),
      ),
    ).toBe(true);
  });

  it('swaps two students, and a locked team takes nobody in or out', async () => {
    const { evaluated, applied } = serve();
    const { user } = await open();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Swap Cy Park with…' }),
      EVE.userId,
    );
    await waitFor(() => expect(within(card('Team 3')).getByText('Cy Park')).toBeInTheDocument());
    expect(within(card('Team 2')).getByText('Eve Lund')).toBeInTheDocument();
    expect(seats('Team 2')).toHaveTextContent('2/3');
    expect(evaluated.at(-1)!.placements).toEqual(
      expect.arrayContaining([
        { userId: CY.userId, teamKey: 'new-3' },
        { userId: EVE.userId, teamKey: 'new-2' },
      ]),
    );

    await user.click(screen.getByRole('switch', { name: 'Lock Team 3' }));
    expect(within(card('Team 3')).getByText('Locked')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Move Cy Park to…' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Swap Finn Ek with…' })).toBeDisabled();
    const moveAna = screen.getByRole('combobox', { name: 'Move Ana Souza to…' });
    expect(within(moveAna).queryByRole('option', { name: /Team 3/ })).not.toBeInTheDocument();
    const swapAna = screen.getByRole('combobox', { name: 'Swap Ana Souza with…' });
    expect(within(swapAna).queryByRole('option', { name: /Cy Park/ })).not.toBeInTheDocument();
    expect(within(card('Team 3')).queryByText('Cy Park')?.closest('[draggable="true"]')).toBeNull();

    // Apply takes the edited proposal.
    await user.click(screen.getByRole('button', { name: 'Apply placement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply placement' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply placement' }));
    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]!.placements).toEqual(
      expect.arrayContaining([
        { userId: CY.userId, teamKey: 'new-3' },
        { userId: EVE.userId, teamKey: 'new-2' },
      ]),
    );
  });

  it('says when the course changed since the preview, on the first edit', async () => {
    serve();
    server.use(
      http.post(api('/admin/courses/:courseId/formation/evaluate'), () =>
        fail(409, 'The course changed', 'STALE_PROPOSAL'),
      ),
    );
    const { user } = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Move Cy Park to…' }), 'new-3');
    expect(await screen.findByText('The course changed since this preview')).toBeInTheDocument();
    expect(seats('Team 3')).toHaveTextContent('2/3');
    expect(screen.getByRole('button', { name: 'Apply placement' })).toBeDisabled();
  });
});
