// Whether a stored or submitted survey answer fits its question (issue 27, decision 135). The
// survey module checks a student's answers with it before saving them, and formation's read
// (lib/survey-sql.ts) drops stored answers that an edit of the question has left behind (a
// removed option, a narrowed availability window), so both agree on what counts as an answer.
import {
  SURVEY_QUESTION_TYPE_LABELS,
  SURVEY_TEAMMATES_MAX,
  availabilitySettings,
  surveyAnswerSchema,
  windowHoursIn,
  zoneShiftMinutes,
  type SurveyAnswer,
  type SurveyQuestion,
} from '@teamup/shared';

/**
 * Why `answer` does not fit `question`, in words a student understands; null when it fits.
 * Pure: whether the teammates named are classmates is the caller's to check (it needs the
 * course's roster). `at` (ms): the instant whose offsets read an availability answer given in
 * another time zone (the survey's closing, decision 153); without it (reads of stored answers)
 * such hours are kept as they are: placement reads them in the question's zone and counts only
 * the window's.
 */
export function answerProblem(
  question: SurveyQuestion,
  answer: SurveyAnswer,
  at?: number,
): string | null {
  if (answer.type !== question.type) {
    return `This answer is not of this question's kind (${SURVEY_QUESTION_TYPE_LABELS[question.type]})`;
  }
  switch (question.type) {
    case 'AVAILABILITY': {
      const { hours, timeZone } = answer as Extract<SurveyAnswer, { type: 'AVAILABILITY' }>;
      const zone = availabilitySettings(question).timeZone;
      const window = `${question.fromHour}:00 and ${question.toHour}:00`;
      if (timeZone !== undefined && timeZone !== zone) {
        if (at === undefined) return null;
        const shown = windowHoursIn(
          question.fromHour,
          question.toHour,
          zoneShiftMinutes(timeZone, zone, at),
        );
        return hours.every((h) => shown.has(h))
          ? null
          : `Pick hours the grid shows only: those between ${window} in ${zone}, the course's time zone`;
      }
      const outside = hours.find((h) => h % 24 < question.fromHour || h % 24 >= question.toHour);
      return outside === undefined ? null : `Pick hours between ${window} only`;
    }
    case 'SKILLS': {
      const { levels } = answer as Extract<SurveyAnswer, { type: 'SKILLS' }>;
      const skills = new Set(question.skills);
      const unknown = Object.keys(levels).find((name) => !skills.has(name));
      return unknown === undefined ? null : `“${unknown}” is not one of the question's skills`;
    }
    case 'ROLE':
    case 'DEMOGRAPHIC':
    case 'SINGLE_CHOICE': {
      const { option } = answer as Extract<SurveyAnswer, { option: string }>;
      return question.options.some((o) => o.id === option)
        ? null
        : 'That choice is not one of the options';
    }
    case 'MULTIPLE_CHOICE': {
      const { options } = answer as Extract<SurveyAnswer, { type: 'MULTIPLE_CHOICE' }>;
      const ids = new Set(question.options.map((o) => o.id));
      if (options.some((id) => !ids.has(id))) return 'A choice is not one of the options';
      if (question.maxChoices !== null && options.length > question.maxChoices) {
        return `Pick at most ${question.maxChoices} ${question.maxChoices === 1 ? 'option' : 'options'}`;
      }
      return null;
    }
    case 'PROJECT': {
      const { ranking } = answer as Extract<SurveyAnswer, { type: 'PROJECT' }>;
      const ids = new Set(question.projects.map((p) => p.id));
      return ranking.every((id) => ids.has(id)) ? null : 'A project is not one of the projects';
    }
    case 'TEAMMATES': {
      const { like, avoid } = answer as Extract<SurveyAnswer, { type: 'TEAMMATES' }>;
      if (new Set(like).size !== like.length || new Set(avoid).size !== avoid.length) {
        return 'Name each classmate once';
      }
      if (like.length > SURVEY_TEAMMATES_MAX || avoid.length > SURVEY_TEAMMATES_MAX) {
        return `Name at most ${SURVEY_TEAMMATES_MAX} classmates in each list`;
      }
      return like.some((id) => avoid.includes(id))
        ? 'A classmate cannot be both one you would like and one you would rather not work with'
        : null;
    }
  }
}

/** Whether `answer` (stored JSON, so checked for shape too) fits `question`. */
export function answerFits(question: SurveyQuestion, answer: unknown): answer is SurveyAnswer {
  const parsed = surveyAnswerSchema.safeParse(answer);
  return parsed.success && answerProblem(question, parsed.data) === null;
}

/**
 * A stored answer kept as meaningful as the edited question allows (issue 35, item 9): options,
 * projects, skills and hours the survey no longer has are left out of it, the rest kept (an
 * option's id is stable, so a renamed option keeps its answers). `removed` says the student had
 * named something the survey no longer has; `answer` is null when nothing of it is left, or it
 * never fitted (another type, a malformed value).
 */
export function salvageAnswer(
  question: SurveyQuestion,
  stored: unknown,
): { answer: SurveyAnswer | null; removed: boolean } {
  const parsed = surveyAnswerSchema.safeParse(stored);
  if (!parsed.success || parsed.data.type !== question.type) {
    return { answer: null, removed: false };
  }
  const answer = parsed.data;
  if (answerProblem(question, answer) === null) return { answer, removed: false };
  let kept: SurveyAnswer | null = null;
  switch (question.type) {
    case 'AVAILABILITY': {
      // In the question's zone (another zone's hours always fit here: see answerProblem).
      const { hours, timeZone } = answer as Extract<SurveyAnswer, { type: 'AVAILABILITY' }>;
      kept = {
        type: 'AVAILABILITY',
        ...(timeZone === undefined ? {} : { timeZone }),
        hours: hours.filter((h) => h % 24 >= question.fromHour && h % 24 < question.toHour),
      };
      break;
    }
    case 'SKILLS': {
      const { levels } = answer as Extract<SurveyAnswer, { type: 'SKILLS' }>;
      const skills = new Set(question.skills);
      const left = Object.entries(levels).filter(([name]) => skills.has(name));
      kept = left.length > 0 ? { type: 'SKILLS', levels: Object.fromEntries(left) } : null;
      break;
    }
    case 'MULTIPLE_CHOICE': {
      const { options } = answer as Extract<SurveyAnswer, { type: 'MULTIPLE_CHOICE' }>;
      const ids = new Set(question.options.map((o) => o.id));
      const left = options.filter((id) => ids.has(id));
      kept = left.length > 0 ? { type: 'MULTIPLE_CHOICE', options: left } : null;
      break;
    }
    case 'PROJECT': {
      const { ranking } = answer as Extract<SurveyAnswer, { type: 'PROJECT' }>;
      const ids = new Set(question.projects.map((p) => p.id));
      const left = ranking.filter((id) => ids.has(id));
      kept = left.length > 0 ? { type: 'PROJECT', ranking: left } : null;
      break;
    }
    default:
      // A single choice whose option is gone: nothing of it is left.
      kept = null;
  }
  // What is left must fit as a whole (a multiple choice may still pick too many).
  return { answer: kept && answerProblem(question, kept) === null ? kept : null, removed: true };
}
