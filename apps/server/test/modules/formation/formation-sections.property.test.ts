// Issue 36 (decision 154), a property over random classes: placed within sections, no student is
// ever placed into a team of another section (with and without a survey, with a size plan or
// not), nobody is placed twice, no team goes over its size, and a team whose members span
// sections takes nobody.
import type { SurveyAnswers, SurveyQuestion } from '@teamup/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  AlgoTeam,
  FormationInput,
} from '../../../src/modules/formation/formation-algorithm.js';
import { placeBySection } from '../../../src/modules/formation/formation-sections.js';
import type { FormationSurvey } from '../../../src/modules/formation/formation-survey.js';

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const SECTIONS = ['A', 'B', 'C', null] as const;

const QUESTIONS: SurveyQuestion[] = [
  {
    id: uuid(2, 1),
    help: '',
    required: false,
    type: 'ROLE',
    prompt: 'Role',
    weight: 2,
    goal: 'DIVERSE',
    options: [
      { id: 'a', label: 'A' },
      { id: 'b', label: 'B' },
    ],
  },
];

const classArb = fc.record({
  students: fc.array(
    fc.record({ section: fc.integer({ min: 0, max: 3 }), role: fc.constantFrom('a', 'b') }),
    { minLength: 0, maxLength: 40 },
  ),
  teams: fc.array(
    fc.record({
      sections: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }),
      maxSize: fc.integer({ min: 3, max: 5 }),
      open: fc.boolean(),
    }),
    { maxLength: 5 },
  ),
  min: fc.integer({ min: 2, max: 3 }),
  plan: fc.option(
    fc.record({ size: fc.integer({ min: 3, max: 7 }), count: fc.integer({ min: 1, max: 2 }) }),
  ),
  survey: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

describe('placement within sections (property)', () => {
  it('never places a student into another section’s team', () => {
    fc.assert(
      fc.property(classArb, (c) => {
        let n = 0;
        const person = (section: number) => {
          n++;
          return {
            userId: uuid(1, n),
            fullname: `P${n}`,
            email: `p${n}@x.edu`,
            skills: [],
            section: SECTIONS[section]!,
          };
        };
        const teams: AlgoTeam[] = c.teams.map((t, i) => ({
          id: uuid(3, i + 1),
          name: `T${i + 1}`,
          maxSize: t.maxSize,
          openToRequests: t.open,
          wantedSkills: [],
          members: t.sections.map(person),
          leaderId: null,
        }));
        const students = c.students.map((s) => person(s.section));
        const input: FormationInput = {
          courseId: uuid(4, 1),
          courseCode: 'X1',
          teamSizeMin: c.min,
          teamSizeMax: 4,
          teams,
          students,
          requests: [],
          invitations: [],
        };
        const answers = new Map<string, SurveyAnswers>(
          students.map((s, i) => [
            s.userId,
            { [QUESTIONS[0]!.id]: { type: 'ROLE', option: c.students[i]!.role } } as SurveyAnswers,
          ]),
        );
        const survey: FormationSurvey | null = c.survey
          ? {
              version: 1,
              questions: QUESTIONS,
              answers,
              latestAnswerAt: null,
              counts: { activeStudents: students.length, submitted: students.length, drafts: 0 },
            }
          : null;
        const placed = placeBySection(input, survey, {
          seed: c.seed,
          leaveClosedTeamsAlone: true,
          excludeUserIds: [],
          mergeUnderMinimum: false,
          sizePlan: c.plan ? [{ size: Math.max(c.plan.size, c.min), count: c.plan.count }] : [],
          useSurvey: true,
          keepSelfFormedTeams: true,
        });
        const sectionOf = new Map(
          [...students, ...teams.flatMap((t) => t.members)].map((p) => [p.userId, p.section]),
        );
        const spans = new Set(
          teams.filter((t) => new Set(t.members.map((m) => m.section)).size > 1).map((t) => t.id),
        );
        const seen = new Set<string>();
        const into = new Map<string, number>();
        for (const p of placed.proposal.placements) {
          expect(seen.has(p.userId)).toBe(false);
          seen.add(p.userId);
          const team = placed.teams.get(p.teamKey)!;
          expect(team.section).toBe(sectionOf.get(p.userId));
          expect(spans.has(p.teamKey)).toBe(false);
          into.set(p.teamKey, (into.get(p.teamKey) ?? 0) + 1);
        }
        for (const t of placed.proposal.teams) {
          expect(t.members.length + (into.get(t.key) ?? 0)).toBeLessThanOrEqual(t.maxSize);
        }
        // With the survey, each section with open teams was solved, and the figures joined.
        if (c.survey && placed.proposal.teams.some((t) => !t.locked)) {
          expect(placed.criteria).not.toBeNull();
          expect(placed.criteria!.lowestScore).toBeLessThanOrEqual(
            placed.criteria!.meanScore + 1e-12,
          );
        }
        // Every teamless student is placed or said unplaced.
        const unplaced = new Set(placed.proposal.unplaced.map((u) => u.student.userId));
        for (const s of students) expect(seen.has(s.userId) || unplaced.has(s.userId)).toBe(true);
      }),
      { numRuns: 150, seed: 36 },
    );
  });
});
