// Kept previews side by side (issue 36, decision 155): two previews kept, compared in a table
// (cards on a phone), reopened in the editor, one applied, a stale one refused.
import type { FormationApplyBody, FormationOptions, FormationProposal } from '@teamup/shared';
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

const ANA = createFormationStudent({ fullname: 'Ana Souza' });
const BEN = createFormationStudent({ fullname: 'Ben Ito' });

function proposal(seed: number, lowest: number): FormationProposal {
  return createProposal({
    seed,
    fingerprint: `fp-${seed}`,
    teams: [createProposedTeam({ key: 'new-1', name: `Team ${seed}`, score: lowest })],
    placements: [createPlacement(ANA, 'new-1'), createPlacement(BEN, 'new-1')],
    criteria: {
      surveyVersion: 1,
      questions: [],
      lowestScore: lowest,
      meanScore: lowest + 0.1,
      respondents: 2,
      nonRespondents: 0,
      baseline: { samples: 30, lowestScore: 0.2, meanScore: 0.3, violations: 0, questions: [] },
      answers: { activeStudents: 2, submitted: 2, drafts: 0, notStarted: 0 },
      rules: [],
      violations: [],
    },
  });
}

function serve() {
  const applied: FormationApplyBody[] = [];
  server.use(
    http.post(api('/admin/courses/:courseId/formation/preview'), async ({ request }) => {
      const { seed } = (await request.json()) as FormationOptions;
      return ok(seed === 7 ? proposal(7, 0.61) : proposal(9, 0.74));
    }),
    http.post(api('/admin/courses/:courseId/formation/apply'), async ({ request }) => {
      const body = (await request.json()) as FormationApplyBody;
      applied.push(body);
      if (body.fingerprint === 'fp-7') return fail(409, 'Stale', 'STALE_PROPOSAL');
      return ok({
        placed: 2,
        createdTeams: [{ id: ANA.userId, name: 'Team 1' }],
        movedFromMerges: 0,
      });
    }),
  );
  return applied;
}

async function keepTwo() {
  const view = renderWithProviders(<FormationSection courseId={FORMATION_COURSE_ID} />);
  const { user } = view;
  await user.click(screen.getByRole('button', { name: 'Advanced options' }));
  for (const seed of ['7', '9']) {
    const input = screen.getByRole('textbox', { name: 'Proposal number' });
    await user.clear(input);
    await user.type(input, seed);
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    await screen.findByRole('article', { name: `Team ${seed}` });
    await user.click(screen.getByRole('button', { name: 'Keep this preview' }));
    expect(
      screen.getByText(`Kept proposal ${seed}: compare it under “Kept previews”.`),
    ).toBeInTheDocument();
  }
  return view;
}

describe('kept previews', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
  });
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('compares two kept previews side by side and applies the one chosen', async () => {
    const applied = serve();
    const { user } = await keepTwo();
    const table = await screen.findByRole('table', { name: 'Kept previews side by side' });
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(row(/^Proposal 7/)).toHaveTextContent('by the survey61%71%No rules2');
    expect(row(/^Proposal 9/)).toHaveTextContent('74%Highest84%');
    expect(screen.getByText('Kept previews (2)')).toBeInTheDocument();
    // Kept per course for the tab.
    expect(
      JSON.parse(window.sessionStorage.getItem(`teamup:kept-proposals:${FORMATION_COURSE_ID}`)!),
    ).toHaveLength(2);

    // The first one, reopened in the editor.
    await user.click(screen.getByRole('button', { name: 'Open Proposal 7 in the editor' }));
    expect(await screen.findByRole('heading', { name: 'Proposal 7 (kept)' })).toHaveFocus();

    // Proposal 7 is stale now: refused, said, nothing else changes.
    await user.click(screen.getByRole('button', { name: 'Apply Proposal 7' }));
    let dialog = await screen.findByRole('dialog', { name: 'Apply this proposal' });
    expect(dialog).toHaveTextContent('Apply Proposal 7: place 2 students and create 1 new team?');
    await user.click(within(dialog).getByRole('button', { name: 'Apply placement' }));
    expect(await screen.findByText('Proposal 7 was not applied')).toBeInTheDocument();
    expect(screen.getByText(/The course changed since this preview/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Apply Proposal 9' }));
    dialog = await screen.findByRole('dialog', { name: 'Apply this proposal' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply placement' }));
    await waitFor(() => expect(applied.map((b) => b.fingerprint)).toEqual(['fp-7', 'fp-9']));
    expect(await screen.findByRole('region', { name: 'Placement applied' })).toBeInTheDocument();
    // Applied: the course changed, so the kept previews are gone.
    expect(screen.queryByText(/Kept previews/)).not.toBeInTheDocument();
  });

  it('shows one card per kept preview on a phone, not a sideways table', async () => {
    window.innerWidth = 390;
    serve();
    await keepTwo();
    expect(await screen.findByRole('article', { name: 'Proposal 9' })).toHaveTextContent(
      'Lowest team 74% · mean 84%',
    );
    expect(screen.getByRole('article', { name: 'Proposal 7' })).toHaveTextContent(
      'Rules: No rules · 2 students placed · 1 new team',
    );
    expect(screen.queryByRole('table', { name: 'Kept previews side by side' })).toBeNull();
  });
});
