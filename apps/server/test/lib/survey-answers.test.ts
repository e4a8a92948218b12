// The pure checks of survey answers (issue 27): what fits a question, and availability in words.
import { describe, expect, it } from 'vitest';
import { answerFits, answerProblem } from '../../src/lib/survey-answers.js';
import { availabilityInWords } from '../../src/modules/survey/survey-export.js';
import { QUESTIONS, Q, goodAnswers } from '../modules/survey/survey-world.js';

const question = (id: string) => QUESTIONS.find((q) => q.id === id)!;

describe('answerFits', () => {
  it('accepts the answers made for the questions', () => {
    const answers = goodAnswers();
    for (const q of QUESTIONS) expect(answerFits(q, answers[q.id]), q.type).toBe(true);
  });

  it('refuses another type, a malformed answer, and answers outside the question', () => {
    expect(answerFits(question(Q.role), { type: 'SINGLE_CHOICE', option: 'dev' })).toBe(false);
    expect(answerFits(question(Q.role), { type: 'ROLE' })).toBe(false);
    expect(answerFits(question(Q.hours), { type: 'AVAILABILITY', hours: [20] })).toBe(false);
    expect(answerFits(question(Q.hours), { type: 'AVAILABILITY', hours: [24 + 19] })).toBe(true);
    expect(answerFits(question(Q.skills), { type: 'SKILLS', levels: { react: 3 } })).toBe(false);
    expect(
      answerProblem(question(Q.multi), {
        type: 'MULTIPLE_CHOICE',
        options: ['git', 'docker', 'k8s'],
      }),
    ).toBe('Pick at most 2 options');
  });
});

describe('availabilityInWords', () => {
  it('joins consecutive hours per day and never across midnight', () => {
    expect(availabilityInWords([])).toBe('');
    expect(availabilityInWords([11, 9, 10, 2 * 24 + 14, 2 * 24 + 15])).toBe('Mon 9–12, Wed 14–16');
    expect(availabilityInWords([22, 23, 24, 25, 30])).toBe('Mon 22–24, Tue 0–2, 6–7');
  });
});
