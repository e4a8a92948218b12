// Issue 36 (decision 152): the editor's rule controls. The gender preset's five options, "do not
// isolate" at 2 or 3, "never a whole team", "every team mixed", incompatible pairs, "I'd like" as a
// score or a rule, BALANCED for skills only; each rule named in a sentence, and what is sent.
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { fromDraft, genderQuestion, type DraftQuestion } from '../utils/questions';
import { QuestionEditor, ruleSentences, weightText } from './question-editor';

let latest: DraftQuestion | null = null;
function Harness({ initial }: { initial: DraftQuestion }) {
  const [q, setQ] = useState(initial);
  latest = q;
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

const common = { id: 'q1', prompt: 'Q', help: '', required: false, weight: 2 } as const;

describe('identity rules in the survey editor', () => {
  it('the gender preset: five options, "do not isolate" on Woman and Nonbinary, a rule only', () => {
    const q = genderQuestion();
    expect(q.type).toBe('DEMOGRAPHIC');
    if (q.type !== 'DEMOGRAPHIC') return;
    expect(q.options.map((o) => o.label)).toEqual([
      'Woman',
      'Man',
      'Nonbinary',
      'Self-described',
      'Prefer not to say',
    ]);
    expect(q.weight).toBe(0);
    expect(ruleSentences(q)).toEqual([
      'No “Woman” alone in a team',
      'No “Nonbinary” alone in a team',
    ]);
    expect(fromDraft(q)).toMatchObject({
      type: 'DEMOGRAPHIC',
      doNotIsolate: ['woman', 'nonbinary'],
      options: [
        { id: 'woman' },
        { id: 'man' },
        { id: 'nonbinary' },
        { id: 'self-described' },
        { id: 'prefer-not-to-say' },
      ],
    });
    expect(fromDraft(q)).not.toHaveProperty('togetherMin');
  });

  it('sets at least 3, never a whole team, every team mixed and a pair, each said in a sentence', async () => {
    const { user } = renderWithProviders(<Harness initial={genderQuestion()} />);
    const rules = () => within(screen.getByRole('group', { name: 'Rules of question 1' }));
    expect(rules().getByText('No “Woman” alone in a team')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'At least 3' }));
    expect(rules().getByText('“Woman”: at least 3 in a team, or none')).toBeVisible();
    await user.click(
      screen.getByRole('checkbox', { name: 'No team entirely of option 2 of question 1' }),
    );
    expect(rules().getByText('No team entirely “Man”')).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Every team mixed for question 1' }));
    expect(rules().getByText('Every team has two or more different answers')).toBeVisible();

    const pairs = within(screen.getByRole('group', { name: 'Incompatible answers of question 1' }));
    expect(pairs.getByText('None: any two answers may share a team.')).toBeVisible();
    await user.click(pairs.getByRole('button', { name: 'Add a pair' }));
    await user.selectOptions(
      pairs.getByRole('combobox', { name: 'Second answer of pair 1 of question 1' }),
      'Self-described',
    );
    expect(rules().getByText('“Woman” never in a team with “Self-described”')).toBeVisible();
    expect(
      screen.getByText(
        'Not scored; its rules “at least 3 or none”, “never a whole team”, “every team mixed” and “may not share a team” still apply',
      ),
    ).toBeVisible();

    expect(fromDraft(latest!)).toMatchObject({
      togetherMin: 3,
      notAllOf: ['man'],
      requireMixed: true,
      incompatible: [['woman', 'self-described']],
    });
    await user.click(pairs.getByRole('button', { name: 'Remove pair 1 of question 1' }));
    expect(fromDraft(latest!)).not.toHaveProperty('incompatible');
  });

  it('drops a pair whose option was removed, and a pair of one option', () => {
    const q = genderQuestion();
    if (q.type !== 'DEMOGRAPHIC') return;
    const sent = fromDraft({
      ...q,
      options: q.options.filter((o) => o.id !== 'man'),
      incompatible: [
        ['woman', 'man'],
        ['woman', 'woman'],
        ['woman', 'nonbinary'],
        ['nonbinary', 'woman'],
      ],
    });
    expect(sent).toMatchObject({ incompatible: [['woman', 'nonbinary']] });
  });
});

describe('required teammates and the balanced goal', () => {
  it('"I\'d like" as a score, or a rule for mutual pairs or for every request', async () => {
    const { user } = renderWithProviders(
      <Harness initial={{ ...common, type: 'TEAMMATES', goal: 'SIMILAR' }} />,
    );
    expect(screen.getByRole('radio', { name: /A wish, scored by the weight/ })).toBeChecked();
    expect(fromDraft(latest!)).not.toHaveProperty('likeRule');
    await user.click(
      screen.getByRole('radio', { name: /A rule for students who asked for each other/ }),
    );
    expect(fromDraft(latest!)).toMatchObject({ likeRule: 'REQUIRED_MUTUAL' });
    expect(weightText(latest!)).toBe(
      "Counts 2 in a team's score; its rules “would rather not” and “required teammates” apply whatever the weight",
    );
    await user.click(screen.getByRole('radio', { name: /A rule for every request/ }));
    expect(fromDraft(latest!)).toMatchObject({ likeRule: 'REQUIRED' });
  });

  it('offers Balanced for skills, in words, and not for a choice question', async () => {
    const { user, unmount } = renderWithProviders(
      <Harness initial={{ ...common, type: 'SKILLS', goal: 'DIVERSE', skills: ['SQL'] }} />,
    );
    await user.click(screen.getByRole('radio', { name: 'Balanced' }));
    expect(screen.getByText(/near the class's, so no team is all beginners/)).toBeVisible();
    expect(fromDraft(latest!)).toMatchObject({ goal: 'BALANCED' });
    unmount();
    renderWithProviders(
      <Harness
        initial={{
          ...common,
          type: 'ROLE',
          goal: 'DIVERSE',
          options: [
            { id: 'a', label: 'A', fresh: false },
            { id: 'b', label: 'B', fresh: false },
          ],
        }}
      />,
    );
    expect(screen.queryByRole('radio', { name: 'Balanced' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Incompatible answers of question 1' })).toBeVisible();
  });
});
