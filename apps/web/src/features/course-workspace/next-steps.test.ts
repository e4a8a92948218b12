import type { AdminSurveyView, Survey } from '@teamup/shared';
import { describe, expect, it } from 'vitest';
import { fromNow, nextSteps, type NextStepsInput } from './next-steps';
import { sectionOfPath } from './sections';

const NOW = new Date('2026-12-02T12:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

const course = (over: Partial<NextStepsInput['course']> = {}): NextStepsInput['course'] => ({
  archivedAt: null,
  teamFormationDeadline: at(14 * DAY),
  enrollmentCounts: { active: 20, pending: 0, inactive: 0 },
  ...over,
});

const survey = (over: Partial<Survey> = {}): Survey => ({
  courseId: '10000000-0000-4000-8000-000000000001',
  version: 1,
  questions: [{ id: 'q1' } as Survey['questions'][number]],
  opensAt: at(-DAY),
  closesAt: at(2 * DAY + 3_600_000),
  openedAt: at(-DAY),
  state: 'OPEN',
  updatedAt: at(-DAY),
  updatedBy: null,
  ...over,
});

const view = (
  s: Survey | null,
  counts: Partial<Pick<AdminSurveyView, 'activeStudents' | 'submitted' | 'drafts'>> = {},
) => ({ survey: s, activeStudents: 20, submitted: 16, drafts: 0, ...counts });

const texts = (input: Partial<NextStepsInput>) =>
  nextSteps({ now: NOW, course: course(), ...input }).map((s) => `${s.section}: ${s.text}`);

describe('what needs doing next on a course', () => {
  it('an open survey: when it closes and how many have not answered', () => {
    expect(texts({ survey: view(survey(), { drafts: 2 }) })).toEqual([
      'survey: The survey closes in 2 days; 4 students have not answered (2 drafts saved but not submitted).',
    ]);
    expect(texts({ survey: view(survey(), { submitted: 19 }) })).toEqual([
      'survey: The survey closes in 2 days; 1 student has not answered.',
    ]);
  });

  it('no survey, or one without questions, says so and leads to the survey', () => {
    const steps = nextSteps({ now: NOW, course: course(), survey: view(null) });
    expect(steps).toEqual([
      expect.objectContaining({
        tone: 'todo',
        section: 'survey',
        text: 'No survey yet: write one so that placement can use the answers.',
      }),
    ]);
    expect(texts({ survey: view(survey({ questions: [] })) })[0]).toMatch(/^survey: No survey yet/);
  });

  it('a draft survey opens later (waiting) or needs its dates (to do)', () => {
    expect(
      nextSteps({
        now: NOW,
        course: course(),
        survey: view(survey({ state: 'DRAFT', opensAt: at(3 * DAY), closesAt: at(9 * DAY) })),
      })[0],
    ).toMatchObject({ tone: 'wait', text: 'The survey opens in 3 days.' });
    expect(
      nextSteps({
        now: NOW,
        course: course(),
        survey: view(survey({ state: 'DRAFT', opensAt: null, closesAt: null })),
      })[0],
    ).toMatchObject({ tone: 'todo', section: 'survey' });
  });

  it('students without a team lead to placement, first; the closed survey comes after', () => {
    expect(texts({ survey: view(survey({ state: 'CLOSED' })), teamless: 12 })).toEqual([
      'placement: 12 students have no team and the survey is closed.',
      'survey: The survey is closed: 16 students of 20 answered.',
    ]);
    expect(
      texts({
        course: course({ teamFormationDeadline: at(-DAY) }),
        teamless: 1,
      }),
    ).toEqual(['placement: 1 student has no team and the team formation deadline has passed.']);
  });

  it('flagged teams lead to health; an empty roster to the roster', () => {
    const health = { totalTeams: 5, teams: [{}, {}] as never[] };
    expect(texts({ health })).toEqual([
      'health: 2 teams need attention (too small, unanswered requests or inactive).',
    ]);
    expect(
      texts({ course: course({ enrollmentCounts: { active: 0, pending: 0, inactive: 0 } }) }),
    ).toEqual(['roster: No students yet: add them, upload a CSV or sync the roster from the LMS.']);
    expect(
      texts({ course: course({ enrollmentCounts: { active: 3, pending: 2, inactive: 0 } }) }),
    ).toEqual(['roster: 2 students have been added but not signed in yet.']);
  });

  it('nothing to do when everyone answered and has a team; an archived course says only that', () => {
    const steps = nextSteps({
      now: NOW,
      course: course(),
      survey: view(survey(), { submitted: 20 }),
      teamless: 0,
      health: { totalTeams: 5, teams: [] },
    });
    expect(steps.map((s) => s.tone)).toEqual(['done']);
    expect(
      texts({ course: course({ archivedAt: at(-DAY) }), teamless: 4, survey: view(null) }),
    ).toEqual(['overview: The course is archived: restore it to change anything.']);
  });

  it('parts still loading are left out, not guessed', () => {
    expect(texts({})).toEqual([]);
  });
});

describe('fromNow', () => {
  it('rounds down, never saying later than it is', () => {
    expect(fromNow(new Date(NOW.getTime() + 2 * DAY + 1), NOW)).toBe('in 2 days');
    expect(fromNow(new Date(NOW.getTime() + DAY + 1), NOW)).toBe('in 1 day');
    expect(fromNow(new Date(NOW.getTime() + 5 * 3_600_000), NOW)).toBe('in 5 hours');
    expect(fromNow(new Date(NOW.getTime() + 60_000), NOW)).toBe('in less than an hour');
  });
});

describe('sectionOfPath', () => {
  const id = '10000000-0000-4000-8000-000000000001';
  it('names the section a pathname shows, the Overview by default', () => {
    expect(sectionOfPath(`/admin/courses/${id}`, id).key).toBe('overview');
    expect(sectionOfPath(`/admin/courses/${id}/`, id).key).toBe('overview');
    expect(sectionOfPath(`/admin/courses/${id}/survey`, id).label).toBe('Survey');
    expect(sectionOfPath(`/admin/courses/${id}/health`, id).label).toBe('Health & history');
  });
});
