import type { AdminSurveyView, Course, CourseHealth } from '@teamup/shared';
import type { CourseSectionKey } from './sections';

/** One thing to do next on a course, and the section where it is done (issue 35). */
export type NextStep = {
  key: string;
  /** `todo`: something to do; `wait`: nothing to do yet, said so it is not looked for; `done`. */
  tone: 'todo' | 'wait' | 'done';
  text: string;
  section: CourseSectionKey;
  /** The link's words: "Open the survey". */
  action: string;
};

export type NextStepsInput = {
  now: Date;
  course: Pick<Course, 'archivedAt' | 'teamFormationDeadline' | 'enrollmentCounts'>;
  /** The survey view; undefined while loading or when it could not be read. */
  survey?: Pick<AdminSurveyView, 'survey' | 'activeStudents' | 'submitted' | 'drafts'>;
  /** ACTIVE students with an account and no team (the teamless reminder's recipients). */
  teamless?: number;
  health?: Pick<CourseHealth, 'teams' | 'totalTeams'>;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "in 2 days", "in 5 hours", "in less than an hour" (rounded down: never later than it is). */
export function fromNow(when: Date, now: Date): string {
  const ms = when.getTime() - now.getTime();
  if (ms >= 2 * DAY) return `in ${Math.floor(ms / DAY)} days`;
  if (ms >= DAY) return 'in 1 day';
  if (ms >= 2 * HOUR) return `in ${Math.floor(ms / HOUR)} hours`;
  if (ms >= HOUR) return 'in 1 hour';
  return 'in less than an hour';
}

function surveySteps(input: NextStepsInput): NextStep[] {
  const view = input.survey;
  if (!view) return [];
  const { survey, activeStudents, submitted, drafts } = view;
  const open = (text: string, tone: NextStep['tone'] = 'todo'): NextStep => ({
    key: 'survey',
    tone,
    text,
    section: 'survey',
    action: 'Open the survey',
  });
  if (!survey || survey.questions.length === 0) {
    return [open('No survey yet: write one so that placement can use the answers.')];
  }
  const now = input.now;
  if (survey.state === 'DRAFT') {
    if (survey.opensAt && Date.parse(survey.opensAt) > now.getTime()) {
      return [open(`The survey opens ${fromNow(new Date(survey.opensAt), now)}.`, 'wait')];
    }
    return [open('The survey is not open yet: give it its dates to open it to students.')];
  }
  const missing = Math.max(0, activeStudents - submitted);
  if (survey.state === 'OPEN') {
    const closes = survey.closesAt
      ? `The survey closes ${fromNow(new Date(survey.closesAt), now)}`
      : 'The survey is open';
    if (activeStudents === 0) return [open(`${closes}; no student is enrolled yet.`, 'wait')];
    if (missing === 0) return [open(`${closes}; every student has answered.`, 'done')];
    const draftNote = drafts > 0 ? ` (${plural(drafts, 'draft')} saved but not submitted)` : '';
    return [
      open(
        `${closes}; ${plural(missing, 'student has', 'students have')} not answered${draftNote}.`,
      ),
    ];
  }
  // CLOSED
  return [
    open(
      `The survey is closed: ${plural(submitted, 'student')} of ${activeStudents.toLocaleString('en')} answered.`,
      'done',
    ),
  ];
}

/**
 * What needs doing next on a course, from its real data, most pressing first; each step says
 * where it is done. Parts still loading (undefined) are left out rather than guessed.
 */
export function nextSteps(input: NextStepsInput): NextStep[] {
  const { course, now } = input;
  if (course.archivedAt) {
    return [
      {
        key: 'archived',
        tone: 'wait',
        text: 'The course is archived: restore it to change anything.',
        section: 'overview',
        action: 'See the details',
      },
    ];
  }
  const steps: NextStep[] = [];
  const { active, pending } = course.enrollmentCounts;
  if (active + pending === 0) {
    steps.push({
      key: 'roster',
      tone: 'todo',
      text: 'No students yet: add them, upload a CSV or sync the roster from the LMS.',
      section: 'roster',
      action: 'Open the roster',
    });
  } else if (pending > 0) {
    steps.push({
      key: 'pending',
      tone: 'wait',
      text: `${plural(pending, 'student has', 'students have')} been added but not signed in yet.`,
      section: 'roster',
      action: 'Open the roster',
    });
  }
  steps.push(...surveySteps(input));

  const teamless = input.teamless ?? 0;
  if (teamless > 0) {
    const deadlinePassed = Date.parse(course.teamFormationDeadline) <= now.getTime();
    const surveyClosed = input.survey?.survey?.state === 'CLOSED';
    steps.push({
      key: 'teamless',
      tone: 'todo',
      text: `${plural(teamless, 'student has', 'students have')} no team${
        deadlinePassed
          ? ' and the team formation deadline has passed'
          : surveyClosed
            ? ' and the survey is closed'
            : ''
      }.`,
      section: 'placement',
      action: 'Place students',
    });
  }

  const flagged = input.health?.teams.length ?? 0;
  if (flagged > 0) {
    steps.push({
      key: 'health',
      tone: 'todo',
      text: `${plural(flagged, 'team needs', 'teams need')} attention (too small, unanswered requests or inactive).`,
      section: 'health',
      action: 'See team health',
    });
  }
  // Most pressing first: things to do, then what is waiting, then what is done.
  const order = { todo: 0, wait: 1, done: 2 } as const;
  return steps.sort((a, b) => order[a.tone] - order[b.tone]);
}
