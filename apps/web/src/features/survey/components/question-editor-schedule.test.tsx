// Issue 36 (decision 153): the availability question's grid time zone, meeting length and
// minimum shared time, a rule whatever the weight.
import { useState } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { fromDraft, newQuestion, type DraftQuestion } from '../utils/questions';
import { QuestionEditor, minimumText, weightText } from './question-editor';

function Harness({ initial, seen }: { initial: DraftQuestion; seen: DraftQuestion[] }) {
  const [q, setQ] = useState(initial);
  return (
    <QuestionEditor
      question={q}
      index={0}
      count={1}
      onChange={(next) => {
        seen.push(next);
        setQ(next);
      }}
      onMove={() => {}}
      onRemove={() => {}}
      errors={{}}
    />
  );
}

describe('availability settings in the editor', () => {
  it("starts in the organization's zone, else the browser's, with 1-hour blocks and no rule", () => {
    expect(newQuestion('AVAILABILITY', { timeZone: 'Europe/Paris' })).toMatchObject({
      timeZone: 'Europe/Paris',
      meetingHours: 1,
      minSharedHours: 0,
    });
    // The tests run in UTC (vitest.config.ts).
    expect(newQuestion('AVAILABILITY')).toMatchObject({ timeZone: 'UTC' });
  });

  it('sets the meeting length and a minimum that is a rule, whatever the weight', async () => {
    const seen: DraftQuestion[] = [];
    const initial = { ...newQuestion('AVAILABILITY', { timeZone: 'UTC' }), weight: 0 };
    const { user } = renderWithProviders(<Harness initial={initial} seen={seen} />);
    expect(
      screen.getByRole('textbox', { name: 'Time zone of the grid for question 1' }),
    ).toHaveValue('UTC');
    await user.click(screen.getByRole('textbox', { name: 'Meeting length for question 1' }));
    await user.click(await screen.findByRole('option', { name: '2-hour blocks' }));
    const minimum = screen.getByRole('textbox', {
      name: 'Minimum shared hours a week for question 1',
    });
    await user.clear(minimum);
    await user.type(minimum, '4');
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ meetingHours: 2, minSharedHours: 4 });
    expect(
      screen.getByText(
        'A rule: no team shares less than 4 hours a week, in 2-hour blocks, whatever the weight (0 = no rule).',
      ),
    ).toBeInTheDocument();
    expect(weightText(last)).toBe('Not scored; its rule “minimum shared time” still applies');
    expect(fromDraft(last)).toMatchObject({
      type: 'AVAILABILITY',
      timeZone: 'UTC',
      meetingHours: 2,
      minSharedHours: 4,
    });
  });

  it('words no minimum as no rule', () => {
    expect(minimumText(0, 1)).toBe('A rule when above 0: no team with less, whatever the weight.');
    expect(minimumText(1, 1)).toBe(
      'A rule: no team shares less than 1 hour a week, whatever the weight (0 = no rule).',
    );
  });
});
