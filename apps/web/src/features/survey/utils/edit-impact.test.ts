import type { SurveyAnswerCounts, SurveyQuestion } from '@teamup/shared';
import {
  createAvailabilityQuestion,
  createRoleQuestion,
  createSkillsQuestion,
} from '@/testing/survey-data';
import { editImpact } from './edit-impact';

const role = createRoleQuestion({ prompt: 'Preferred role' });
const skills = createSkillsQuestion({ prompt: 'Skills' });
const hours = createAvailabilityQuestion({ prompt: 'Free hours' });
const counts: SurveyAnswerCounts = {
  [role.id]: { answers: 24, refs: { leader: 12, developer: 12 } },
  [skills.id]: { answers: 20, refs: { React: 20, SQL: 3 } },
  [hours.id]: { answers: 5, refs: {} },
};

describe('editImpact', () => {
  it('says nothing when no answer is touched', () => {
    expect(editImpact([role, skills], [role, skills], counts)).toEqual([]);
    // An unanswered question may go silently.
    expect(editImpact([role], [], {})).toEqual([]);
  });

  it('names a deleted question with its answers, a renamed option keeping them, a removed one', () => {
    const edited = {
      ...role,
      options: [{ id: 'leader', label: 'Team lead' }],
    } as SurveyQuestion;
    expect(editImpact([role, skills], [edited], counts)).toEqual([
      'Renaming “Leader” to “Team lead” keeps its 12 answers.',
      'Removing “Developer” from “Preferred role”: its 12 answers will show as “answered a removed option”.',
      'Deleting “Skills” removes its 20 answers.',
    ]);
  });

  it('names a removed skill and narrowed hours', () => {
    const lessSkills = { ...skills, skills: ['SQL'] } as SurveyQuestion;
    const narrower = { ...hours, fromHour: 10 } as SurveyQuestion;
    expect(editImpact([skills, hours], [lessSkills, narrower], counts)).toEqual([
      'Removing the skill “React” from “Skills” drops its 20 ratings.',
      'Narrowing “Free hours” to 10:00–12:00 drops the hours outside it from its 5 answers.',
    ]);
  });
});
