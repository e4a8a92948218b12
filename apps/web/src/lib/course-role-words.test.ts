import { actorOfItsCourse, asActor, courseActorOf } from './course-role-words';

describe('course role words (issue 35)', () => {
  it('tells a teaching assistant and an instructor by their role, never as an admin', () => {
    expect(asActor('TEACHING_ASSISTANT', 'can change any team’s members.')).toBe(
      'As a teaching assistant of this course you can change any team’s members.',
    );
    expect(asActor('INSTRUCTOR', 'can change any team’s members.')).toBe(
      'As an instructor of this course you can change any team’s members.',
    );
    expect(asActor('ADMIN', 'can x.')).toBe('As an organization admin you can x.');
    expect(asActor(null, 'can x.')).toBe('You can x.');
  });

  it('prefers the staff role over admin rights, and knows nothing before either is known', () => {
    expect(courseActorOf('TEACHING_ASSISTANT', true)).toBe('TEACHING_ASSISTANT');
    expect(courseActorOf(null, true)).toBe('ADMIN');
    expect(courseActorOf(null, false)).toBeNull();
    expect(actorOfItsCourse('INSTRUCTOR')).toBe('an instructor of its course');
    expect(actorOfItsCourse(null)).toBe('one of its course’s staff');
  });
});
