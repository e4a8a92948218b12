import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { CourseTeamsAdminSection } from './course-teams-admin-section';

const COURSE = '7d3f2a1e-0c4b-4f6a-9e2d-1b5c8a9f0e31';

// Issue 35: the teams section speaks to a TA or an instructor as what they are.
describe('course teams section words', () => {
  it.each([
    ['TEACHING_ASSISTANT' as const, 'As a teaching assistant of this course you can change'],
    ['INSTRUCTOR' as const, 'As an instructor of this course you can change'],
    ['ADMIN' as const, 'As an organization admin you can change'],
    [null, 'You can change'],
  ])('as %s', (actor, words) => {
    renderWithProviders(<CourseTeamsAdminSection courseId={COURSE} actor={actor} />);
    const section = screen.getByRole('region', { name: 'Teams' });
    expect(section).toHaveTextContent(`${words} any team’s members`);
    expect(section).not.toHaveTextContent(/as an admin/i);
  });
});
