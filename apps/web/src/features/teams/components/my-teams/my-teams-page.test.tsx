import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { Invitation, JoinRequest, TeamSummary } from '@teamup/shared';
import { pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import {
  createInvitation,
  createJoinRequest,
  createPerson,
  createTeamSummary,
} from '@/testing/teams-data';

const student = { role: 'STUDENT' as const, fullname: 'Maya Chen' };

function serveMine(world: {
  teams?: TeamSummary[];
  requests?: JoinRequest[];
  invitations?: Invitation[];
}) {
  const db = {
    teams: world.teams ?? [],
    requests: world.requests ?? [],
    invitations: world.invitations ?? [],
  };
  server.use(
    http.get(api('/student/me/teams'), () => ok({ teams: db.teams, requests: db.requests })),
    http.get(api('/student/me/invitations'), () => ok(pageOfItems(db.invitations, 1, 100))),
  );
  return db;
}

async function openMyTeams() {
  const view = renderApp('/teams/my', { user: student });
  await screen.findByRole('heading', { level: 1, name: 'My Teams' });
  return view;
}

describe('My Teams page', () => {
  it('lists my teams with course and role, my invitations and my pending requests', async () => {
    serveMine({
      teams: [
        createTeamSummary({
          name: 'Byte Club',
          courseCode: 'CS-401',
          relation: 'LEADER',
          memberCount: 3,
          maxSize: 5,
          leader: createPerson({ fullname: 'Maya Chen' }),
        }),
        createTeamSummary({ name: 'Data Wranglers', courseCode: 'DS-210', relation: 'MEMBER' }),
      ],
      invitations: [
        createInvitation({
          teamName: 'Night Owls',
          courseCode: 'CS-350',
          message: 'We need a designer',
        }),
      ],
      requests: [createJoinRequest({ teamName: 'Pixel Pushers', courseCode: 'CS-350' })],
    });
    await openMyTeams();

    const teams = screen.getByRole('region', { name: /Your teams/ });
    const byte = await within(teams).findByRole('listitem', { name: 'Byte Club' });
    expect(within(byte).getByText('CS-401')).toBeInTheDocument();
    expect(within(byte).getByText('You lead')).toBeInTheDocument();
    expect(within(byte).getByText('3 / 5 members')).toBeInTheDocument();
    expect(within(byte).getByRole('link', { name: 'Byte Club' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/teams\//),
    );
    const data = within(teams).getByRole('listitem', { name: 'Data Wranglers' });
    expect(within(data).getByText('Your team')).toBeInTheDocument();

    const invitations = screen.getByRole('region', { name: /Invitations/ });
    const owls = within(invitations).getByRole('listitem', { name: 'Invitation to Night Owls' });
    expect(owls).toHaveTextContent('CS-350');
    expect(owls).toHaveTextContent('Invited by Lena Park');
    expect(owls).toHaveTextContent('We need a designer');

    const requests = screen.getByRole('region', { name: /Your requests/ });
    expect(
      within(requests).getByRole('listitem', { name: 'Request to join Pixel Pushers' }),
    ).toHaveTextContent('waiting for the leader');
  });

  it('accepts an invitation: "You joined" and the lists update without a reload', async () => {
    const owls = createTeamSummary({ name: 'Night Owls', relation: 'MEMBER' });
    const invitation = createInvitation({ teamId: owls.id, teamName: 'Night Owls' });
    const other = createInvitation({ teamName: 'Byte Club' });
    const request = createJoinRequest({ teamName: 'Pixel Pushers' });
    const db = serveMine({ invitations: [invitation, other], requests: [request] });
    const accepted: string[] = [];
    server.use(
      http.post(api('/student/invitations/:id/accept'), ({ params }) => {
        accepted.push(String(params.id));
        // Joining cancels my other pending requests and invitations in the course.
        db.teams = [owls];
        db.invitations = [];
        db.requests = [];
        return ok({ ...invitation, status: 'ACCEPTED' });
      }),
    );
    const { user } = await openMyTeams();
    expect(await screen.findByText('You are not in a team yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept invitation to Night Owls' }));

    expect(await screen.findByText('You joined Night Owls')).toBeInTheDocument();
    expect(accepted).toEqual([invitation.id]);
    const teams = screen.getByRole('region', { name: /Your teams/ });
    expect(await within(teams).findByRole('listitem', { name: 'Night Owls' })).toBeInTheDocument();
    const invitations = screen.getByRole('region', { name: /Invitations/ });
    await waitFor(() => expect(within(invitations).queryAllByRole('listitem')).toHaveLength(0));
    expect(within(invitations).getByText(/No invitations waiting for you/)).toBeInTheDocument();
    const requests = screen.getByRole('region', { name: /Your requests/ });
    expect(within(requests).getByText(/No pending or waitlisted requests/)).toBeInTheDocument();
  });

  it('rejects an invitation after confirming', async () => {
    const invitation = createInvitation({ teamName: 'Night Owls' });
    const db = serveMine({ invitations: [invitation] });
    server.use(
      http.post(api('/student/invitations/:id/reject'), () => {
        db.invitations = [];
        return ok({ ...invitation, status: 'REJECTED' });
      }),
    );
    const { user } = await openMyTeams();
    await user.click(
      await screen.findByRole('button', { name: 'Reject invitation to Night Owls' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject invitation' }));

    expect(
      await screen.findByText('You declined the invitation to Night Owls'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('listitem', { name: 'Invitation to Night Owls' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('withdraws a pending request after confirming', async () => {
    const request = createJoinRequest({ teamName: 'Pixel Pushers' });
    const db = serveMine({ requests: [request] });
    const withdrawn: string[] = [];
    server.use(
      http.post(api('/student/join-requests/:id/withdraw'), ({ params }) => {
        withdrawn.push(String(params.id));
        db.requests = [];
        return ok({ ...request, status: 'WITHDRAWN' });
      }),
    );
    const { user } = await openMyTeams();
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw request to join Pixel Pushers' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your request?' });
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(withdrawn).toEqual([]);

    await user.click(
      screen.getByRole('button', { name: 'Withdraw request to join Pixel Pushers' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw request' }),
    );
    expect(
      await screen.findByText('Your request to join Pixel Pushers was withdrawn'),
    ).toBeInTheDocument();
    expect(withdrawn).toEqual([request.id]);
    expect(await screen.findByText(/No pending or waitlisted requests/)).toBeInTheDocument();
  });

  it('shows the server message when accepting is refused', async () => {
    serveMine({ invitations: [createInvitation({ teamName: 'Night Owls' })] });
    server.use(
      http.post(api('/student/invitations/:id/accept'), () =>
        fail(409, 'Night Owls is full: there is no seat left for you', 'TEAM_FULL'),
      ),
    );
    const { user } = await openMyTeams();
    await user.click(
      await screen.findByRole('button', { name: 'Accept invitation to Night Owls' }),
    );
    expect(
      await screen.findByText('Night Owls is full: there is no seat left for you'),
    ).toBeInTheDocument();
    expect(screen.getByText('Could not join Night Owls')).toBeInTheDocument();
  });

  it('guides a student without a team, invitations or requests', async () => {
    serveMine({});
    await openMyTeams();
    const teams = screen.getByRole('region', { name: /Your teams/ });
    expect(await within(teams).findByText('You are not in a team yet.')).toBeInTheDocument();
    expect(within(teams).getByRole('link', { name: 'All Teams' })).toHaveAttribute(
      'href',
      '/teams',
    );
    expect(within(teams).getByRole('link', { name: 'My Enrollments' })).toHaveAttribute(
      'href',
      '/courses',
    );
    expect(screen.getByText(/No invitations waiting for you/)).toBeInTheDocument();
    expect(screen.getByText(/No pending or waitlisted requests/)).toBeInTheDocument();
  });

  it('lists a waitlisted request with my place in line, next to a pending one (issue 15)', async () => {
    serveMine({
      requests: [
        createJoinRequest({ teamName: 'Rockets', status: 'WAITLISTED', waitlistPosition: 2 }),
        createJoinRequest({ teamName: 'Byte Club' }),
      ],
    });
    await openMyTeams();
    const requests = screen.getByRole('region', { name: /Your requests/ });
    const rockets = await within(requests).findByRole('listitem', {
      name: 'Request to join Rockets',
    });
    expect(rockets).toHaveTextContent('the team is full: you are number 2 on the waitlist');
    expect(
      within(rockets).getByRole('button', { name: 'Withdraw request to join Rockets' }),
    ).toBeInTheDocument();
    expect(
      within(requests).getByRole('listitem', { name: 'Request to join Byte Club' }),
    ).toHaveTextContent('waiting for the leader');
  });

  it('shows error states with retry', async () => {
    server.use(
      http.get(api('/student/me/teams'), () => fail(500, 'Database unavailable', 'INTERNAL_ERROR')),
      http.get(api('/student/me/invitations'), () =>
        fail(500, 'Database unavailable', 'INTERNAL_ERROR'),
      ),
    );
    await openMyTeams();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Could not load your teams'),
      expect.stringContaining('Could not load your invitations'),
      expect.stringContaining('Could not load your requests'),
    ]);
  });
});
