import type { FormationApplyBody, FormationOptions } from '@teamup/shared';
import { screen, within as inside } from '@testing-library/react';
import { http } from 'msw';
import {
  FORMATION_COURSE_ID,
  createFormationStudent,
  createPlacement,
  createProposal,
  createProposedTeam,
} from '@/testing/formation-data';
import { api, ok } from '@/testing/handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { FormationSection } from './formation-section';
import { sizePlanOf } from './placement-shape-options';

const SECTIONS = [
  { name: 'A', activeStudents: 12 },
  { name: 'B', activeStudents: 9 },
];

function sectionedProposal() {
  const students = Array.from({ length: 6 }, (_, i) =>
    createFormationStudent({ fullname: `Student ${i}` }),
  );
  const big = createProposedTeam({
    key: 'new-1',
    name: 'CS301 · Section A · Team 1',
    maxSize: 6,
    section: 'A',
  });
  return createProposal({
    teams: [big],
    placements: students.map((s) => createPlacement(s, 'new-1')),
    options: {
      leaveClosedTeamsAlone: true,
      excludeUserIds: [],
      mergeUnderMinimum: false,
      useSurvey: true,
      keepSelfFormedTeams: true,
      bySection: true,
      sizePlan: [{ size: 6, count: 1 }],
    },
    sections: [
      { name: 'A', students: 6, placed: 6, teams: 1, newTeams: 1, note: null },
      {
        name: 'C',
        students: 1,
        placed: 1,
        teams: 1,
        newTeams: 1,
        note: 'Section C has 1 student, fewer than the minimum team size of 2.',
      },
    ],
    summary: {
      placed: 6,
      newTeams: 1,
      underMinimum: 0,
      underMinimumReason: null,
      notes: ['Section C has 1 student, fewer than the minimum team size of 2.'],
    },
  });
}

function serve() {
  const previews: FormationOptions[] = [];
  const applies: FormationApplyBody[] = [];
  server.use(
    http.post(api('/admin/courses/:courseId/formation/preview'), async ({ request }) => {
      previews.push((await request.json()) as FormationOptions);
      return ok(sectionedProposal());
    }),
    http.post(api('/admin/courses/:courseId/formation/apply'), async ({ request }) => {
      applies.push((await request.json()) as FormationApplyBody);
      return ok({ placed: 6, createdTeams: [], movedFromMerges: 0 });
    }),
  );
  return { previews, applies };
}

describe('placement within sections and team sizes', () => {
  it('places within sections by default with two sections, and sends a size plan', async () => {
    const { previews, applies } = serve();
    const { user } = renderWithProviders(
      <FormationSection
        courseId={FORMATION_COURSE_ID}
        sections={SECTIONS}
        teamSizes={{ min: 2, max: 4 }}
      />,
    );
    const within = screen.getByRole('checkbox', { name: /Place within sections \(2 sections\)/ });
    expect(within).toBeChecked();
    expect(screen.getByText(/Active students: A \(12\), B \(9\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add team sizes' }));
    const count = screen.getByRole('textbox', { name: 'Number of teams, row 1' });
    const size = screen.getByRole('textbox', { name: 'Team size, row 1' });
    await user.clear(count);
    await user.type(count, '2');
    await user.clear(size);
    await user.type(size, '6');
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    expect(await screen.findByText(/Placed within 2 sections/)).toBeInTheDocument();
    expect(previews[0]).toMatchObject({ bySection: true, sizePlan: [{ size: 6, count: 2 }] });
    expect(screen.getByRole('list', { name: 'Notes on the proposal' })).toHaveTextContent(
      'Section C has 1 student, fewer than the minimum team size of 2.',
    );
    expect(
      screen.getByText(/Team sizes asked for: 1 team of 6 in each section/),
    ).toBeInTheDocument();

    // Off, and the row removed: the next preview says so.
    await user.click(within);
    await user.click(screen.getByRole('button', { name: 'Remove row 1 of the team sizes' }));
    await user.click(screen.getByRole('button', { name: 'Preview placement' }));
    await vi.waitFor(() => expect(previews).toHaveLength(2));
    await screen.findByText(/Placed within 2 sections/);
    expect(previews[1]).toMatchObject({ bySection: false });
    expect(previews[1]).not.toHaveProperty('sizePlan');

    // Apply keeps the planned team's size.
    await user.click(screen.getByRole('button', { name: 'Apply placement' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(inside(dialog).getByRole('button', { name: 'Apply placement' }));
    await vi.waitFor(() => expect(applies).toHaveLength(1));
    expect(applies[0]!.newTeams).toEqual([
      { key: 'new-1', name: 'CS301 · Section A · Team 1', maxSize: 6 },
    ]);
  });

  it('shows no section option for a course without sections', () => {
    renderWithProviders(<FormationSection courseId={FORMATION_COURSE_ID} />);
    expect(
      screen.queryByRole('checkbox', { name: /Place within sections/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Team sizes' })).toBeInTheDocument();
  });

  it('joins rows of one size and leaves out empty ones', () => {
    expect(
      sizePlanOf([
        { count: 1, size: 6 },
        { count: '', size: 5 },
        { count: 2, size: 6 },
      ]),
    ).toEqual([{ size: 6, count: 3 }]);
  });
});
