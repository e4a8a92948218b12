import { screen } from '@testing-library/react';
import { http } from 'msw';
import { api, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { createTeachingCourse } from '@/testing/staff-data';
import {
  LIAM,
  MAYA,
  createTeamDetail,
  createWorld,
  member,
  teamHandlers,
} from './team-page-test-data';

// Issue 35: a course's teaching assistant reading one of its teams is told as what they are,
// not "as an admin".
describe('team page words for course staff', () => {
  it.each([
    [
      'TEACHING_ASSISTANT' as const,
      'You are viewing this team as a teaching assistant of its course.',
      'As a teaching assistant of this course you read the board; only members post.',
    ],
    [
      'INSTRUCTOR' as const,
      'You are viewing this team as an instructor of its course.',
      'As an instructor of this course you read the board; only members post.',
    ],
    // Admin rights without a staff role there: an organization admin's words.
    [
      null,
      'You are viewing this team as an admin of its course.',
      'As an organization admin you read the board; only members post.',
    ],
  ])('as %s', async (role, status, board) => {
    const team = createTeamDetail({ members: [member(MAYA, { isLeader: true })] });
    const w = createWorld({ team, me: LIAM, isAdmin: true });
    server.use(
      ...teamHandlers(w),
      http.get(api('/staff/courses'), () =>
        ok({ items: role ? [createTeachingCourse({ id: team.course.id, role })] : [] }),
      ),
    );
    renderApp(`/teams/${team.id}`, {
      user: {
        id: LIAM.id,
        fullname: LIAM.fullname,
        email: LIAM.email ?? undefined,
      },
    });
    expect(await screen.findByText(status)).toBeInTheDocument();
    expect(await screen.findByText(board)).toBeInTheDocument();
    if (role) expect(screen.queryByText(/as an admin/i)).toBeNull();
  });
});
