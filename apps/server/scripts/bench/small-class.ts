// Small classes for the exact comparison (issue 36, decision 151): the synthetic class's answers
// (synthetic-class.ts) for 12–24 students, in the sizes the app gives them: "teams of 4" is a
// course with min = max = 4, "teams of 3–5" a course with min 3 and max 5, both through
// newTeamSizes (formation-algorithm.ts), so 24 students in teams of 3–5 are 5, 5, 5, 5 and 4.
// Without a project question, the PROJECT question is left out. A protected group of exactly one
// student cannot be kept by any placement, so that student answers "No" instead: every class
// then has a placement that keeps every hard rule, and the exact solver compares like with like.
import type { SurveyAnswers } from '@teamup/shared';
import type { CriteriaInput } from '../../src/modules/formation/formation-criteria.js';
import { newTeamSizes } from '../../src/modules/formation/formation-algorithm.js';
import { syntheticClass } from './synthetic-class.js';

export interface SmallKind {
  n: number;
  min: number;
  max: number;
  project: boolean;
}

export const kindLabel = (k: SmallKind) =>
  `${k.n} students, teams of ${k.min === k.max ? k.min : `${k.min}–${k.max}`}, ${k.project ? 'with' : 'no'} project`;

export function smallClass(kind: SmallKind, seed: number): CriteriaInput {
  const base = syntheticClass(kind.n, seed);
  const sizes = newTeamSizes(kind.n, kind.min, kind.max);
  const T = sizes.length;
  const questions = base.questions
    .filter((q) => kind.project || q.type !== 'PROJECT')
    .map((q) =>
      q.type === 'PROJECT'
        ? { ...q, projects: q.projects.map((p) => ({ ...p, capacity: Math.ceil(T / 8) + 1 })) }
        : q,
    );
  const demo = questions.find((q) => q.type === 'DEMOGRAPHIC')!;
  const answers = new Map<string, SurveyAnswers>(base.answers);
  const protectedOnes = [...answers].filter(([, a]) => {
    const x = a[demo.id];
    return x?.type === 'DEMOGRAPHIC' && x.option === 'yes';
  });
  if (protectedOnes.length === 1) {
    const [id, a] = protectedOnes[0]!;
    answers.set(id, { ...a, [demo.id]: { type: 'DEMOGRAPHIC', option: 'no' } });
  }
  return {
    ...base,
    questions,
    answers,
    teams: sizes.map((size, t) => ({
      key: `new-${t + 1}`,
      name: `Team ${t + 1}`,
      fixed: [],
      size,
    })),
  };
}
