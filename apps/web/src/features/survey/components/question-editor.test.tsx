// Issue 35 (item 8, decision 147): a weight scores, a rule is its own setting; the editor says so
// in the words the engine keeps (a weight-0 question's "do not isolate" still applies).
import { useState } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { DraftQuestion } from '../utils/questions';
import { QuestionEditor, weightText } from './question-editor';

const common = {
  id: 'q1',
  prompt: 'Background',
  help: '',
  required: false,
  goal: 'SIMILAR' as const,
};
const background = (weight: number, protect: boolean): DraftQuestion => ({
  ...common,
  type: 'DEMOGRAPHIC',
  weight,
  options: [
    { id: 'a', label: 'Group A', fresh: false },
    { id: 'b', label: 'Group B', fresh: false, doNotIsolate: protect },
  ],
});

function Harness({ initial }: { initial: DraftQuestion }) {
  const [q, setQ] = useState(initial);
  return (
    <QuestionEditor
      question={q}
      index={0}
      count={1}
      onChange={setQ}
      onMove={() => {}}
      onRemove={() => {}}
      errors={{}}
    />
  );
}

describe('the weight and the rule of a question', () => {
  it('says a weight-0 question with a rule is not scored while its rule still applies', () => {
    expect(weightText(background(0, true))).toBe(
      'Not scored; its rule “do not isolate” still applies',
    );
    expect(weightText(background(0, false))).toBe('Not scored: asked, but no part of placement');
    expect(weightText(background(3, true))).toBe(
      "Counts 3 in a team's score; its rule “do not isolate” applies whatever the weight",
    );
    expect(weightText({ ...common, type: 'TEAMMATES', weight: 0 })).toBe(
      'Not scored; its rule “would rather not” still applies',
    );
    expect(weightText({ ...common, type: 'SKILLS', skills: [], weight: 2 })).toBe(
      "Counts 2 in a team's score (0 = not scored)",
    );
  });

  it('shows the wording beside the weight, and follows the weight and the rule as they change', async () => {
    const { user } = renderWithProviders(<Harness initial={background(0, true)} />);
    expect(screen.getByText('Not scored; its rule “do not isolate” still applies')).toBeVisible();
    expect(screen.queryByText(/asked but not used for placement/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        /These are rules, not scores, kept whatever the question’s weight \(even 0\)/,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '4' }));
    expect(
      screen.getByText(
        "Counts 4 in a team's score; its rule “do not isolate” applies whatever the weight",
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '0' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Do not isolate option 2 of question 1' }),
    );
    expect(screen.getByText('Not scored: asked, but no part of placement')).toBeVisible();
  });
});
