import type {
  AdminSurveyView,
  StudentSurveyView,
  Survey,
  SurveyQuestion,
  SurveyResponse,
  SurveyResponseRow,
} from '@teamup/shared';
import { uuid } from './data';

/** Generators for the formation survey (issue 27). */

export const SURVEY_COURSE_ID = '70000000-0000-4000-8000-000000000001';
export const AVAILABILITY_ID = '71000000-0000-4000-8000-000000000001';
export const SKILLS_ID = '71000000-0000-4000-8000-000000000002';
export const ROLE_ID = '71000000-0000-4000-8000-000000000003';

const hoursFromNow = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

export function createAvailabilityQuestion(
  overrides: Partial<SurveyQuestion> = {},
): SurveyQuestion {
  return {
    id: AVAILABILITY_ID,
    type: 'AVAILABILITY',
    prompt: 'When are you free to work with your team?',
    help: '',
    weight: 3,
    goal: 'SIMILAR',
    required: true,
    fromHour: 9,
    toHour: 12,
    hoursNeeded: 6,
    ...overrides,
  } as SurveyQuestion;
}

export function createSkillsQuestion(overrides: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return {
    id: SKILLS_ID,
    type: 'SKILLS',
    prompt: 'How good are you at each of these?',
    help: '',
    weight: 2,
    goal: 'DIVERSE',
    required: true,
    skills: ['React', 'SQL'],
    ...overrides,
  } as SurveyQuestion;
}

export function createRoleQuestion(overrides: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return {
    id: ROLE_ID,
    type: 'ROLE',
    prompt: 'Which role would you like?',
    help: 'Pick the one you enjoy most.',
    weight: 1,
    goal: 'DIVERSE',
    required: false,
    options: [
      { id: 'leader', label: 'Leader' },
      { id: 'developer', label: 'Developer' },
    ],
    ...overrides,
  } as SurveyQuestion;
}

export function createSurvey(overrides: Partial<Survey> = {}): Survey {
  return {
    courseId: SURVEY_COURSE_ID,
    version: 1,
    questions: [createAvailabilityQuestion(), createSkillsQuestion()],
    opensAt: hoursFromNow(-24),
    closesAt: hoursFromNow(72),
    openedAt: hoursFromNow(-24),
    state: 'OPEN',
    updatedAt: hoursFromNow(-25),
    updatedBy: { id: uuid(), fullname: 'Dana Admin' },
    ...overrides,
  };
}

export function createAdminSurveyView(overrides: Partial<AdminSurveyView> = {}): AdminSurveyView {
  return {
    survey: createSurvey(),
    activeStudents: 10,
    submitted: 3,
    drafts: 2,
    copySources: [],
    remindAvailableAt: null,
    answerCounts: {},
    ...overrides,
  };
}

export function createSurveyResponse(overrides: Partial<SurveyResponse> = {}): SurveyResponse {
  return {
    answers: {},
    updatedAt: hoursFromNow(-2),
    submittedAt: null,
    ...overrides,
  };
}

export function createSurveyResponseRow(
  fullname = 'Lena Park',
  response: SurveyResponse | null = createSurveyResponse(),
  removed: string[] = [],
): SurveyResponseRow {
  return {
    student: {
      id: uuid(),
      fullname,
      email: `${fullname.toLowerCase().replace(/[^a-z]+/g, '.')}@student.northfield.edu`,
    },
    response,
    removed,
  };
}

export function createStudentSurveyView(
  overrides: Partial<StudentSurveyView> = {},
): StudentSurveyView {
  const survey = createSurvey();
  return {
    survey: {
      version: survey.version,
      questions: survey.questions,
      opensAt: survey.opensAt,
      closesAt: survey.closesAt,
      state: survey.state,
    },
    response: null,
    classmates: [],
    team: null,
    ...overrides,
  };
}
