// Issue 36 (decision 153): the availability grid in the student's own time zone.
import type { SurveyAnswer, SurveyQuestion } from '@teamup/shared';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '@/testing/render';
import { createAvailabilityQuestion } from '@/testing/survey-data';
import { AnswerInput } from './answer-inputs';

const device = vi.hoisted(() => ({ zone: 'Asia/Kolkata' as string | undefined }));
vi.mock('@/lib/time-zone', () => ({ deviceTimeZone: () => device.zone }));

// January: no daylight saving anywhere involved.
const CLOSES = '2027-01-20T12:00:00Z';

function Harness({
  question,
  initial,
  seen,
}: {
  question: SurveyQuestion;
  initial?: SurveyAnswer;
  seen: (SurveyAnswer | undefined)[];
}) {
  const [answer, setAnswer] = useState<SurveyAnswer | undefined>(initial);
  return (
    <AnswerInput
      question={question}
      answer={answer}
      onChange={(a) => {
        seen.push(a);
        setAnswer(a);
      }}
      classmates={[]}
      disabled={false}
      closesAt={CLOSES}
    />
  );
}

const rowsOf = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('rowheader')
    .map((th) => th.textContent);

describe('availability in the student’s time zone', () => {
  beforeEach(() => {
    device.zone = 'Asia/Kolkata';
  });

  it('shows the course window read in the browser zone, wrapping midnight, and saves the zone', async () => {
    const q = createAvailabilityQuestion({ fromHour: 8, toHour: 20, timeZone: 'UTC' });
    const seen: (SurveyAnswer | undefined)[] = [];
    const { user } = renderWithProviders(<Harness question={q} seen={seen} />);
    expect(screen.getByRole('textbox', { name: 'Your time zone' })).toHaveValue('Asia/Kolkata');
    expect(
      screen.getByText(/The course plans in UTC, 08:00–20:00 each day; in Asia\/Kolkata/),
    ).toHaveTextContent('(UTC+05:30) that is 13:30–01:30 the next day');
    expect(screen.getByText(/a half hour off the course’s/)).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: q.prompt });
    expect(rowsOf(grid)).toEqual([
      '00:00',
      '01:00',
      ...Array.from({ length: 11 }, (_, i) => `${13 + i}:00`),
    ]);
    await user.click(within(grid).getByRole('button', { name: 'Monday 13:00 to 14:00' }));
    await user.click(within(grid).getByRole('button', { name: 'Tuesday 0:00 to 1:00' }));
    expect(seen.at(-1)).toEqual({
      type: 'AVAILABILITY',
      timeZone: 'Asia/Kolkata',
      hours: [13, 24],
    });
    expect(
      screen.getByText(/^Free: 2 h: Mon 13–14, Tue 0–1 \(Asia\/Kolkata\)$/),
    ).toBeInTheDocument();
  });

  it('changing the zone keeps the marked cells that its window still shows', async () => {
    device.zone = undefined; // a browser that does not say: the course's zone
    const q = createAvailabilityQuestion({ fromHour: 9, toHour: 12, timeZone: 'Europe/Paris' });
    const seen: (SurveyAnswer | undefined)[] = [];
    const initial: SurveyAnswer = { type: 'AVAILABILITY', hours: [9, 10, 11] };
    const { user } = renderWithProviders(<Harness question={q} initial={initial} seen={seen} />);
    expect(screen.getByText(/the course's time zone/)).toHaveTextContent(
      'Hours in Europe/Paris (UTC+01:00)',
    );
    const grid = screen.getByRole('table', { name: q.prompt });
    expect(rowsOf(grid)).toEqual(['09:00', '10:00', '11:00']);
    // London is an hour behind Paris in January: the window there is 08:00–11:00.
    const select = screen.getByRole('textbox', { name: 'Your time zone' });
    await user.clear(select);
    await user.type(select, 'Europe/Lond');
    await user.click(await screen.findByRole('option', { name: 'Europe/London' }));
    expect(seen.at(-1)).toEqual({
      type: 'AVAILABILITY',
      timeZone: 'Europe/London',
      hours: [9, 10],
    });
    expect(rowsOf(screen.getByRole('table', { name: q.prompt }))).toEqual([
      '08:00',
      '09:00',
      '10:00',
    ]);
  });

  it('tells the student about blocks of the meeting length', () => {
    const q = createAvailabilityQuestion({ timeZone: 'UTC', meetingHours: 2 });
    device.zone = 'UTC';
    renderWithProviders(<Harness question={q} seen={[]} />);
    expect(screen.getByText(/Teams meet in 2-hour blocks/)).toBeInTheDocument();
  });
});
