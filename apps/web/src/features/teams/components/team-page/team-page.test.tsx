import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import {
  LIAM,
  MAYA,
  NOAH,
  SOFIA,
  auditEntry,
  createInvitation,
  createJoinRequest,
  createNotice,
  createTeamDetail,
  createWorld,
  member,
  syncViewer,
  teamHandlers,
  type TeamWorld,
} from './team-page-test-data';

function open(world: TeamWorld) {
  server.use(...teamHandlers(world));
  return renderApp(`/teams/${world.team.id}`, {
    user: { id: world.me.id, fullname: world.me.fullname, email: world.me.email ?? undefined },
  });
}

async function teamLoaded(name = 'Byte Club') {
  return screen.findByRole('heading', { level: 1, name });
}

/**
 * The Activity card says the log is for members, and the page never asked for it: a stray
 * request is given the time to go out (it would be a 403).
 */
async function activityNotAsked(world: TeamWorld) {
  const activity = screen.getByRole('region', { name: 'Activity' });
  expect(
    within(activity).getByText("The team's activity is visible to its members."),
  ).toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(world.auditReads).toBe(0);
  return activity;
}

/** A student of the course without a team (Liam), looking at Maya's team. */
function outsiderWorld(overrides: Parameters<typeof createTeamDetail>[0] = {}) {
  const team = createTeamDetail({ as: { relation: 'NONE' }, ...overrides });
  return createWorld({ team, me: LIAM });
}

describe('team page: header and members', () => {
  it('shows the team, its course, seats, deadline and members with the leader marked', async () => {
    open(createWorld());
    await teamLoaded();
    // The team's name is the page's one level-1 heading, not a generic "Team".
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(
      screen.getByRole('link', { name: 'CS301 · Software Engineering Project' }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/courses\/[0-9a-f-]+$/));
    expect(screen.getByText('Open to requests')).toBeInTheDocument();
    expect(screen.getByText('2 of 4 members · 2 open seats')).toBeInTheDocument();
    // The deadline is said once, in its own card.
    expect(screen.getAllByText(/\(in 10 days\)/)).toHaveLength(1);
    expect(
      within(screen.getByRole('region', { name: 'Team formation deadline' })).getByText(
        /\(in 10 days\)/,
      ),
    ).toBeInTheDocument();

    const members = screen.getByRole('region', { name: 'Members' });
    const maya = within(members).getByRole('listitem', { name: /Maya Chen/ });
    expect(within(maya).getByText('Leader')).toBeInTheDocument();
    expect(within(maya).getByText('TypeScript')).toBeInTheDocument();
    expect(within(maya).getByText(/Joined/)).toBeInTheDocument();
    const sofia = within(members).getByRole('listitem', { name: /Sofia Rossi/ });
    expect(within(sofia).getByRole('link', { name: 'Sofia Rossi' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/community\/[0-9a-f-]{36}$/),
    );
    expect(within(sofia).queryByText('Leader')).not.toBeInTheDocument();
    // The leader may remove others, never themselves.
    expect(
      within(sofia).getByRole('button', { name: 'Remove Sofia Rossi from the team' }),
    ).toBeInTheDocument();
    expect(within(maya).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('puts what I can do before the members and the notice board, in document and Tab order', async () => {
    const { user } = open(createWorld());
    await teamLoaded();
    const board = await screen.findByRole('region', { name: 'Notice board' });
    const edit = screen.getByRole('button', { name: 'Edit team' });
    const members = screen.getByRole('region', { name: 'Members' });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(edit, members)).toBe(true);
    expect(follows(edit, board)).toBe(true);
    // Tabbing from the course link reaches the header actions before any member or notice control.
    screen.getByRole('link', { name: 'CS301 · Software Engineering Project' }).focus();
    const reached: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      const el = document.activeElement;
      if (el instanceof HTMLElement)
        reached.push(el.getAttribute('aria-label') ?? el.textContent ?? '');
    }
    const editAt = reached.findIndex((n) => n.includes('Edit team'));
    const removeAt = reached.findIndex((n) => n.includes('Remove Sofia Rossi from the team'));
    expect(editAt).toBeGreaterThanOrEqual(0);
    expect(removeAt).toBeGreaterThan(editAt);
  });

  it('shows "Team not found" for a 404', async () => {
    server.use(http.get(api('/student/teams/:id'), () => fail(404, 'Team not found', 'NOT_FOUND')));
    renderApp('/teams/00000000-0000-4000-8000-00000000ffff', { user: {} });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Team not found');
    expect(within(alert).getByRole('link', { name: 'Browse all teams' })).toBeInTheDocument();
  });

  it('explains a 403', async () => {
    server.use(
      http.get(api('/student/teams/:id'), () =>
        fail(403, 'Your enrollment in this course is inactive', 'NOT_ENROLLED'),
      ),
    );
    renderApp('/teams/00000000-0000-4000-8000-00000000fffe', { user: {} });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot see this team');
    expect(alert).toHaveTextContent('Your enrollment in this course is inactive');
  });

  it('shows an error state with retry when the team cannot be loaded', async () => {
    server.use(
      http.get(api('/student/teams/:id'), () =>
        fail(500, 'Database unavailable', 'INTERNAL_ERROR'),
      ),
    );
    renderApp('/teams/00000000-0000-4000-8000-00000000fffd', { user: {} });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the team');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows a disbanded team read-only with a banner, its log kept for members', async () => {
    const team = createTeamDetail({
      disbandedAt: '2026-03-10T10:00:00.000Z',
      members: [],
      memberCount: 0,
      openSeats: 4,
      as: { relation: 'NONE', formerMember: true },
    });
    // Maya led it: as a former member she sees the team, not its log (issue 24).
    const world = createWorld({
      team,
      formerMember: true,
      audit: [auditEntry('TEAM_DISBANDED', MAYA, null, { reason: 'Disbanded by the leader' })],
    });
    open(world);
    await teamLoaded();
    expect(screen.getByText('This team has been disbanded')).toBeInTheDocument();
    expect(screen.getByText('This team was disbanded, so it has no members.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notice board' })).not.toBeInTheDocument();
    await activityNotAsked(world);
  });
});

describe('team page: leader', () => {
  it('lists the pending join requests and accepts one: the list and the members update', async () => {
    const world = createWorld();
    world.requests = [
      createJoinRequest(world.team, LIAM, { message: 'I know Postgres well.' }),
      createJoinRequest(world.team, NOAH, { message: 'Mobile is my thing.' }),
    ];
    const { user } = open(world);
    await teamLoaded();

    const requests = screen.getByRole('region', { name: /Join requests/ });
    const liam = await within(requests).findByRole('listitem', { name: "Liam O'Brien" });
    expect(within(liam).getByText('I know Postgres well.')).toBeInTheDocument();
    expect(within(liam).getByText('Go')).toBeInTheDocument();
    expect(liam).toHaveTextContent('asked an hour ago');

    await user.click(within(liam).getByRole('button', { name: "Accept Liam O'Brien's request" }));

    expect(await screen.findByText("Liam O'Brien joined Byte Club")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(requests).queryByRole('listitem', { name: "Liam O'Brien" })).toBeNull(),
    );
    expect(within(requests).getByRole('listitem', { name: 'Noah Patel' })).toBeInTheDocument();
    const members = screen.getByRole('region', { name: 'Members' });
    expect(
      await within(members).findByRole('listitem', { name: /Liam O'Brien/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('3 of 4 members · 1 open seat')).toBeInTheDocument();
  });

  it('shows the server message when accepting fails with TEAM_FULL', async () => {
    const world = createWorld();
    world.requests = [createJoinRequest(world.team, LIAM)];
    server.use(...teamHandlers(world));
    server.use(
      http.post(api('/student/join-requests/:id/accept'), () =>
        fail(409, 'Byte Club is full', 'TEAM_FULL'),
      ),
    );
    const { user } = renderApp(`/teams/${world.team.id}`, { user: { id: MAYA.id } });
    await teamLoaded();
    await user.click(await screen.findByRole('button', { name: "Accept Liam O'Brien's request" }));

    const notice = await screen.findByText('Byte Club is full');
    expect(notice.closest('.mantine-Notification-root')).toHaveTextContent(
      "Could not accept Liam O'Brien",
    );
    // Still pending: nothing changed.
    expect(screen.getByRole('listitem', { name: "Liam O'Brien" })).toBeInTheDocument();
  });

  it('shows the waitlist in order with places: Reject only, no Accept (issue 15)', async () => {
    const world = createWorld({ team: createTeamDetail({ maxSize: 2 }) });
    world.requests = [
      createJoinRequest(world.team, SOFIA, { status: 'WAITLISTED', waitlistPosition: 1 }),
      createJoinRequest(world.team, NOAH, { status: 'WAITLISTED', waitlistPosition: 2 }),
    ];
    const { user } = open(world);
    await teamLoaded();
    const waitlist = await screen.findByRole('list', { name: 'Waitlist' });
    const rows = within(waitlist).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/#1Sofia Rossi/),
      expect.stringMatching(/#2Noah Patel/),
    ]);
    expect(within(waitlist).getByLabelText('Number 1 in line')).toBeInTheDocument();
    expect(within(waitlist).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(screen.getByText('No pending join requests.')).toBeInTheDocument();
    await user.click(within(waitlist).getByRole('button', { name: /Reject Sofia/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Waitlist' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });

  it('rejects a request with a reason after confirmation', async () => {
    const world = createWorld();
    world.requests = [createJoinRequest(world.team, LIAM)];
    const { user } = open(world);
    await teamLoaded();
    await user.click(await screen.findByRole('button', { name: "Reject Liam O'Brien's request" }));
    const dialog = await screen.findByRole('dialog', { name: "Reject Liam O'Brien?" });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'We need a designer');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));

    expect(await screen.findByText("You rejected the request of Liam O'Brien")).toBeInTheDocument();
    expect(world.calls).toContainEqual({ name: 'reject', body: { reason: 'We need a designer' } });
    expect(await screen.findByText('No pending join requests.')).toBeInTheDocument();
  });

  it('shows pending invitations with Cancel', async () => {
    const world = createWorld();
    world.invitations = [createInvitation(world.team, NOAH, { message: 'We need mobile!' })];
    open(world);
    await teamLoaded();
    const invitations = screen.getByRole('region', { name: /Invitations sent/ });
    expect(await within(invitations).findByText('Noah Patel')).toBeInTheDocument();
    expect(within(invitations).getByText('“We need mobile!”')).toBeInTheDocument();
    expect(
      within(invitations).getByRole('button', { name: 'Cancel the invitation of Noah Patel' }),
    ).toBeInTheDocument();
  });

  it('invites a classmate without a team, picked from a searchable list', async () => {
    const world = createWorld({ classmates: [NOAH, LIAM] });
    world.invitations = [createInvitation(world.team, LIAM)];
    const { user } = open(world);
    await teamLoaded();
    await user.click(screen.getByRole('button', { name: 'Invite a classmate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a classmate' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Choose a classmate to invite')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('textbox', { name: /Classmate/ }));
    // Liam already has a pending invitation: left out of the list, and the note says so.
    await screen.findByRole('option', { name: /Noah Patel/ });
    expect(screen.queryByRole('option', { name: /Liam O'Brien/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText("Already invited: Liam O'Brien.")).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Noah Patel/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Join us');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Noah Patel was invited to Byte Club')).toBeInTheDocument();
    expect(world.calls).toContainEqual({
      name: 'invite',
      body: { userId: NOAH.id, message: 'Join us' },
    });
    const invitations = screen.getByRole('region', { name: /Invitations sent/ });
    expect(await within(invitations).findByText('Noah Patel')).toBeInTheDocument();
  });

  it('removes a member after confirmation', async () => {
    const world = createWorld();
    const { user } = open(world);
    await teamLoaded();
    await user.click(screen.getByRole('button', { name: 'Remove Sofia Rossi from the team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sofia Rossi?' });
    expect(world.calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Sofia Rossi was removed from Byte Club')).toBeInTheDocument();
    const members = screen.getByRole('region', { name: 'Members' });
    await waitFor(() =>
      expect(within(members).queryByRole('listitem', { name: /Sofia Rossi/ })).toBeNull(),
    );
  });

  it('cancels an invitation after confirmation', async () => {
    const world = createWorld();
    world.invitations = [createInvitation(world.team, NOAH)];
    const { user } = open(world);
    await teamLoaded();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel the invitation of Noah Patel' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    expect(
      await screen.findByText('The invitation of Noah Patel was cancelled'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
  });

  it('edits the team and shows a name conflict on the name field', async () => {
    const world = createWorld();
    server.use(...teamHandlers(world));
    server.use(
      http.patch(api('/student/teams/:id'), () =>
        fail(409, 'A team called Null Pointers already exists in CS301', 'TEAM_NAME_TAKEN'),
      ),
    );
    const { user } = renderApp(`/teams/${world.team.id}`, { user: { id: MAYA.id } });
    await teamLoaded();
    await user.click(screen.getByRole('button', { name: 'Edit team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Byte Club' });
    // The size limit's bounds are explained: current members up to the course maximum.
    expect(
      within(dialog).getByText(/Between 2 \(the current number of members\) and 5/),
    ).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Team name/ });
    await user.clear(name);
    await user.type(name, 'Null Pointers');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        'A team called Null Pointers already exists in CS301',
      ),
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a size limit below the member count before saving', async () => {
    const world = createWorld();
    const { user } = open(world);
    await teamLoaded();
    await user.click(screen.getByRole('button', { name: 'Edit team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Byte Club' });
    const size = within(dialog).getByRole('textbox', { name: 'Maximum members' });
    await user.clear(size);
    await user.type(size, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('At least 2, the current number of members'),
    ).toBeInTheDocument();
    expect(world.calls.find((c) => c.name === 'update team')).toBeUndefined();
  });

  it('explains that leadership passes on when the leader leaves', async () => {
    const { user } = open(createWorld());
    await teamLoaded();
    await user.click(screen.getByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Byte Club?' });
    expect(dialog).toHaveTextContent(
      'leadership passes to the longest-standing member, Sofia Rossi',
    );
  });

  it('warns that the last member leaving disbands the team', async () => {
    const team = createTeamDetail({ members: [member(MAYA, { isLeader: true })] });
    const { user } = open(createWorld({ team }));
    await teamLoaded();
    await user.click(screen.getByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave and disband Byte Club?' });
    expect(dialog).toHaveTextContent('You are the last member of Byte Club: leaving disbands');
  });

  it('disables membership changes after the deadline and says why', async () => {
    const base = createTeamDetail();
    const team = {
      ...base,
      course: {
        ...base.course,
        deadlinePassed: true,
        teamFormationDeadline: '2026-01-01T10:00:00.000Z',
      },
    };
    open(createWorld({ team }));
    await teamLoaded();
    expect(screen.getByRole('button', { name: 'Disband team' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Invite a classmate' })).toHaveAccessibleDescription(
      /The team formation deadline has passed/,
    );
    // Name and description may still change.
    expect(screen.getByRole('button', { name: 'Edit team' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });
});

describe('team page: applicant', () => {
  it('applies with a message and then withdraws the request', async () => {
    const world = outsiderWorld();
    const { user } = open(world);
    await teamLoaded();
    expect(screen.getByText('You are not in this team.')).toBeInTheDocument();
    // Not a member: no notice board, no requests.
    expect(screen.queryByRole('region', { name: 'Notice board' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Join requests/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ask to join' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to join Byte Club' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Message to the leader/ }),
      'I can write the tests.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Request sent to Byte Club')).toBeInTheDocument();
    expect(world.calls).toContainEqual({
      name: 'apply',
      body: { message: 'I can write the tests.' },
    });
    const withdraw = await screen.findByRole('button', { name: 'Withdraw my request' });
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();

    await user.click(withdraw);
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw your request?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw request' }));

    expect(
      await screen.findByText('Your request to join Byte Club was withdrawn'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ask to join' })).toBeEnabled();
    expect(world.calls.map((c) => c.name)).toEqual(['apply', 'withdraw']);
  });

  it('shows a TEAM_FULL refusal from the server in a notification', async () => {
    const world = outsiderWorld();
    server.use(...teamHandlers(world));
    server.use(
      http.post(api('/student/teams/:id/join-requests'), () =>
        fail(409, 'Byte Club is full', 'TEAM_FULL'),
      ),
    );
    const { user } = renderApp(`/teams/${world.team.id}`, { user: { id: LIAM.id } });
    await teamLoaded();
    await user.click(screen.getByRole('button', { name: 'Ask to join' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to join Byte Club' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const message = await screen.findByText('Byte Club is full');
    expect(message.closest('.mantine-Notification-root')).toHaveTextContent(
      'Could not send your request to Byte Club',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('disables Ask to join with the real reason when the team is closed', async () => {
    const world = outsiderWorld({ openToRequests: false });
    open(world);
    await teamLoaded();
    // What the server sends: Liam is in no team, yet may not apply (the team is closed).
    expect(world.team.viewer).toMatchObject({ canApply: false, currentTeamId: null });
    const apply = screen.getByRole('button', { name: 'Ask to join' });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAccessibleDescription(
      'Byte Club is not taking join requests at the moment.',
    );
    expect(screen.getByText('Closed to requests')).toBeInTheDocument();
  });

  it('offers the waitlist of a full team instead of Ask to join (issue 15)', async () => {
    const world = outsiderWorld({ maxSize: 2 });
    const { user } = open(world);
    await teamLoaded();
    expect(world.team.viewer).toMatchObject({ canApply: false, canJoinWaitlist: true });
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();
    expect(screen.getByText(/Byte Club is full\. You can join its waitlist/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join the waitlist of Byte Club' });
    await user.type(within(dialog).getByRole('textbox'), 'I can test');
    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));
    expect(
      await screen.findByText('Byte Club is full; you are number 1 on its waitlist'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/You are number 1 on the waitlist\. When a seat opens/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeEnabled();
    expect(world.calls).toContainEqual({ name: 'apply', body: { message: 'I can test' } });
  });

  it('shows a waitlisted student their place and lets them leave the waitlist', async () => {
    const world = outsiderWorld({ maxSize: 2 });
    world.requests = [
      createJoinRequest(world.team, SOFIA, { status: 'WAITLISTED', waitlistPosition: 1 }),
      createJoinRequest(world.team, LIAM, { status: 'WAITLISTED', waitlistPosition: 2 }),
    ];
    syncViewer(world);
    const { user } = open(world);
    await teamLoaded();
    expect(screen.getByText(/You are number 2 on the waitlist/)).toBeInTheDocument();
    expect(screen.getByText('On the waitlist')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your request?' });
    expect(dialog).toHaveTextContent(/lose your place on the waitlist of Byte Club/);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('You left the waitlist of Byte Club')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
  });

  it('says a student already in another team of the course must leave it first', async () => {
    const world = outsiderWorld();
    world.otherTeamId = '00000000-0000-4000-8000-0000000000ee';
    open(world);
    await teamLoaded();
    expect(screen.getByRole('button', { name: 'Ask to join' })).toHaveAccessibleDescription(
      'You are already in a team in this course; leave it before joining another.',
    );
  });

  it('explains an inactive enrollment', async () => {
    const world = outsiderWorld({ as: { relation: 'NONE', enrollment: 'INACTIVE' } });
    world.enrollment = 'INACTIVE';
    open(world);
    await teamLoaded();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ask to join' })).toHaveAccessibleDescription(
        /Your enrollment in this course is not active/,
      ),
    );
  });

  it('lets an invitee without a team accept the invitation after confirming', async () => {
    const world = outsiderWorld();
    const invitation = createInvitation(world.team, LIAM);
    world.invitations = [invitation];
    const { user } = open(world);
    await teamLoaded();
    // The server sends canApply false (the invitation is pending): that must not read as
    // "already in a team".
    expect(world.team.viewer).toMatchObject({
      relation: 'INVITED',
      canApply: false,
      currentTeamId: null,
    });
    expect(screen.getByText('Byte Club has invited you to join.')).toBeInTheDocument();
    const accept = screen.getByRole('button', { name: 'Accept invitation' });
    expect(accept).toBeEnabled();
    expect(screen.queryByText(/already in a team/)).not.toBeInTheDocument();
    await user.click(accept);
    const dialog = await screen.findByRole('dialog', { name: 'Join Byte Club?' });
    expect(dialog).toHaveTextContent('other pending requests and invitations in CS301');
    await user.click(within(dialog).getByRole('button', { name: 'Join team' }));

    expect(await screen.findByText('You joined Byte Club')).toBeInTheDocument();
    expect(world.calls).toContainEqual({ name: 'accept invitation', body: invitation.id });
    expect(await screen.findByText('You are a member of this team.')).toBeInTheDocument();
  });

  it('tells an invitee already in another team why they cannot accept', async () => {
    const world = outsiderWorld();
    world.invitations = [createInvitation(world.team, LIAM)];
    world.otherTeamId = '00000000-0000-4000-8000-0000000000ee';
    open(world);
    await teamLoaded();
    const accept = screen.getByRole('button', { name: 'Accept invitation' });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription(
      'You are already in a team in this course; leave it before joining another.',
    );
    // Declining stays possible.
    expect(screen.getByRole('button', { name: 'Decline invitation' })).toBeEnabled();
  });
});

describe('team page: member', () => {
  function memberWorld() {
    const team = createTeamDetail({
      members: [
        member(MAYA, { isLeader: true }),
        member(LIAM, { joinedAt: '2026-03-03T10:00:00.000Z' }),
      ],
      as: { relation: 'MEMBER' },
    });
    return createWorld({ team, me: LIAM });
  }

  it('leaves the team after confirmation', async () => {
    const world = memberWorld();
    const { user } = open(world);
    await teamLoaded();
    // A member sees no leader tools.
    expect(screen.queryByRole('button', { name: 'Edit team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Join requests/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Byte Club?' });
    // Nothing happens before the confirmation.
    expect(world.calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));

    expect(await screen.findByText('You left Byte Club')).toBeInTheDocument();
    expect(world.calls.map((c) => c.name)).toEqual(['leave']);
    expect(await screen.findByText('You are not in this team.')).toBeInTheDocument();
    const members = screen.getByRole('region', { name: 'Members' });
    expect(within(members).queryByRole('listitem', { name: /Liam O'Brien/ })).toBeNull();
  });

  it('after leaving, stops asking for the notices and the activity: nothing is refused (issue 24)', async () => {
    const world = memberWorld();
    world.notices = [createNotice(world.team, { body: 'Standup at 10', author: MAYA })];
    world.audit = [auditEntry('TEAM_CREATED', MAYA, MAYA, { name: 'Byte Club' })];
    const { user } = open(world);
    await teamLoaded();
    expect(await screen.findByText('Standup at 10')).toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(await within(activity).findByText(/created the team/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Byte Club?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    expect(await screen.findByText('You are not in this team.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notice board' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Activity' })).getByText(
        "The team's activity is visible to its members.",
      ),
    ).toBeInTheDocument();
    // Give a stray refetch the time to go out: none does.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(world.refused).toEqual([]);
    expect(screen.queryByText('Standup at 10')).not.toBeInTheDocument();
  });

  it('does not leave when the confirmation is cancelled', async () => {
    const world = memberWorld();
    const { user } = open(world);
    await teamLoaded();
    await user.click(screen.getByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Byte Club?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(world.calls).toEqual([]);
  });

  it('posts a pinned notice and shows it first', async () => {
    const world = memberWorld();
    world.notices = [createNotice(world.team, { body: 'Older notice', author: MAYA })];
    const { user } = open(world);
    await teamLoaded();
    const board = screen.getByRole('region', { name: 'Notice board' });
    expect(await within(board).findByText('Older notice')).toBeInTheDocument();
    // Another member's notice: not Liam's to change.
    expect(
      within(board).queryByRole('button', { name: 'Delete notice from Maya Chen' }),
    ).not.toBeInTheDocument();
    expect(within(board).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    await user.type(within(board).getByRole('textbox', { name: 'New notice' }), 'Demo on Friday');
    await user.click(within(board).getByRole('checkbox', { name: 'Pin to the top' }));
    await user.click(within(board).getByRole('button', { name: 'Post notice' }));

    expect(await screen.findByText('Pinned notice posted to Byte Club')).toBeInTheDocument();
    expect(world.calls).toContainEqual({
      name: 'post notice',
      body: { body: 'Demo on Friday', pinned: true },
    });
    const list = within(board).getByRole('list', { name: 'Notices' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Demo on Friday');
    expect(first).toHaveTextContent('Pinned');
    // The form is cleared for the next notice.
    expect(within(board).getByRole('textbox', { name: 'New notice' })).toHaveValue('');
  });

  it('refuses an empty notice with the shared rule', async () => {
    const world = memberWorld();
    const { user } = open(world);
    await teamLoaded();
    const board = screen.getByRole('region', { name: 'Notice board' });
    await user.click(within(board).getByRole('button', { name: 'Post notice' }));
    expect(await within(board).findByText('Write something')).toBeInTheDocument();
    expect(world.calls).toEqual([]);
  });

  it('deletes an own notice after confirmation', async () => {
    const world = memberWorld();
    world.notices = [createNotice(world.team, { body: 'My old note', author: LIAM })];
    const { user } = open(world);
    await teamLoaded();
    const board = screen.getByRole('region', { name: 'Notice board' });
    await within(board).findByText('My old note');
    // Short buttons say which notice they act on.
    expect(
      within(board).getByRole('button', { name: "Edit notice from Liam O'Brien" }),
    ).toHaveTextContent('Edit');
    await user.click(
      within(board).getByRole('button', { name: "Delete notice from Liam O'Brien" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this notice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete notice' }));
    expect(await screen.findByText('The notice was removed from the board')).toBeInTheDocument();
    expect(
      await within(board).findByText('No notices yet: post the first one.'),
    ).toBeInTheDocument();
  });
});

describe('team page: activity', () => {
  it('renders the audit log as sentences and loads more', async () => {
    const world = createWorld();
    const older = Array.from({ length: 20 }, (_, i) =>
      auditEntry(
        'NOTICE_POSTED',
        SOFIA,
        null,
        {},
        new Date(Date.now() - (i + 10) * 86_400_000).toISOString(),
      ),
    );
    world.audit = [
      auditEntry('REQUEST_ACCEPTED', MAYA, LIAM, {}),
      auditEntry('LEADER_CHANGED', MAYA, SOFIA, { from: MAYA.id, to: SOFIA.id }),
      auditEntry('TEAM_UPDATED', MAYA, null, {
        before: { maxSize: 4, openToRequests: true },
        after: { maxSize: 5, openToRequests: false },
      }),
      auditEntry('REQUEST_REJECTED', MAYA, NOAH, { reason: 'We need a designer' }),
      ...older,
      auditEntry('TEAM_CREATED', MAYA, MAYA, { name: 'Byte Club' }, '2026-01-01T10:00:00.000Z'),
    ];
    const { user } = open(world);
    await teamLoaded();
    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(
      await within(activity).findByText("Maya Chen accepted Liam O'Brien's request"),
    ).toBeInTheDocument();
    expect(within(activity).getByText('Leadership passed to Sofia Rossi')).toBeInTheDocument();
    expect(
      within(activity).getByText(
        'Maya Chen changed the size limit from 4 to 5 and closed the team to join requests',
      ),
    ).toBeInTheDocument();
    expect(
      within(activity).getByText("Maya Chen rejected Noah Patel's request"),
    ).toBeInTheDocument();
    expect(within(activity).getByText('“We need a designer”')).toBeInTheDocument();
    expect(activity).toHaveTextContent(
      "Maya Chen accepted Liam O'Brien's requestby Maya Chen · a minute ago",
    );
    expect(within(activity).getByText('Showing 20 of 25 events')).toBeInTheDocument();
    expect(within(activity).queryByText('Maya Chen created the team "Byte Club"')).toBeNull();

    await user.click(within(activity).getByRole('button', { name: 'Load more' }));
    expect(
      await within(activity).findByText('Maya Chen created the team "Byte Club"'),
    ).toBeInTheDocument();
    expect(within(activity).getByText('Showing 25 of 25 events')).toBeInTheDocument();
    expect(within(activity).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('does not ask a non-member for the activity, and says it is for members', async () => {
    const world = outsiderWorld();
    world.audit = [auditEntry('TEAM_CREATED', MAYA, MAYA, { name: 'Byte Club' })];
    open(world);
    await teamLoaded();
    expect(world.team.viewer.canReadAudit).toBe(false);
    const activity = await activityNotAsked(world);
    expect(within(activity).queryByText(/created the team/)).not.toBeInTheDocument();
  });

  it('does not ask a former member for the activity either (issue 24)', async () => {
    const world = outsiderWorld();
    world.formerMember = true;
    world.audit = [auditEntry('MEMBER_LEFT', LIAM, LIAM)];
    open(world);
    await teamLoaded();
    await activityNotAsked(world);
  });
});
