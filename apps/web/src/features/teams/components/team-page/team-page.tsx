import { Alert, Grid, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CourseStaffRole, TeamDetail } from '@teamup/shared';
import { IconAlertCircle, IconLock, IconUsersGroup } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { ButtonLink } from '@/components/ui/router-link';
import { ApiError } from '@/lib/api-client';
import { courseActorOf, type CourseActor } from '@/lib/course-role-words';
import { useTeam } from '../../api/get-team';
import { AuditTimeline } from './audit-timeline';
import { DeadlineCard } from './deadline-card';
import { JoinRequestsCard } from './join-requests-card';
import { MembersCard } from './members-card';
import { NoticeBoard } from './notice-board';
import { TeamActionsCard } from './team-actions-card';
import { TeamHeader } from './team-header';
import { TeamInvitationsCard } from './team-invitations-card';
import { teamAbilities } from './team-rules';

dayjs.extend(localizedFormat);

const TITLE = 'Team';
const DESCRIPTION = 'Members, notices, join requests and the activity of this team.';

/** The header while the team is unknown (loading, not found, error); TeamHeader replaces it. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {children}
    </>
  );
}

function BackToTeams() {
  return (
    <Group mt="sm" gap="xs">
      <ButtonLink to="/teams" size="xs" variant="outline" color="red.9">
        Browse all teams
      </ButtonLink>
      <ButtonLink to="/teams/my" size="xs" variant="subtle" color="red.9" c="red.9">
        My teams
      </ButtonLink>
    </Group>
  );
}

function TeamLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert
        color="red.9"
        variant="outline"
        title="Team not found"
        icon={<IconUsersGroup aria-hidden />}
        role="alert"
      >
        This team does not exist, or it belongs to a course you are not enrolled in. A disbanded
        team stays visible only to its former members.
        <BackToTeams />
      </Alert>
    );
  }
  if (error instanceof ApiError && error.status === 403) {
    return (
      <Alert
        color="red.9"
        variant="outline"
        title="You cannot see this team"
        icon={<IconLock aria-hidden />}
        role="alert"
      >
        {error.message || 'You do not have access to this team.'}
        <BackToTeams />
      </Alert>
    );
  }
  return <ErrorAlert title="Could not load the team" error={error} onRetry={onRetry} />;
}

function TeamView({ team, actor }: { team: TeamDetail; actor: CourseActor | null }) {
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  // The enrollment explains refusals ("inactive"); the detail carries it (decision 101). Admins
  // have none in the course, and their refusals do not depend on one.
  const status = team.viewer.isAdmin ? undefined : team.viewer.enrollmentStatus;
  const abilities = teamAbilities(team, status);

  const banner = team.disbandedAt && (
    <Alert
      color="red.9"
      variant="outline"
      title="This team has been disbanded"
      icon={<IconAlertCircle aria-hidden />}
    >
      {team.name} was disbanded on {dayjs(team.disbandedAt).format('lll')}. Its members were
      released and its pending requests and invitations cancelled. What happened stays below, read
      only.
    </Alert>
  );

  const deadline = !team.disbandedAt && <DeadlineCard team={team} />;
  const main = (
    <>
      <MembersCard team={team} removeGate={abilities.removeMembers} />
      {abilities.readRequests && !team.disbandedAt && (
        <>
          <JoinRequestsCard team={team} decisions={abilities.requests} />
          <TeamInvitationsCard team={team} cancelGate={abilities.cancelInvitations} />
        </>
      )}
      {abilities.readNotices && (
        <NoticeBoard team={team} postGate={abilities.postNotices} actor={actor} />
      )}
    </>
  );
  const audit = <AuditTimeline teamId={team.id} canRead={team.viewer.canReadAudit} />;

  // In document (and so Tab) order the header and what the viewer can do come first, before the
  // members, requests and notices: on wide screens as a first row beside the header.
  return (
    <Stack gap="md">
      {banner}
      {wide ? (
        <>
          <Grid gutter="md" align="stretch">
            <Grid.Col span={8}>
              <TeamHeader team={team} />
            </Grid.Col>
            <Grid.Col span={4}>
              <TeamActionsCard team={team} abilities={abilities} actor={actor} />
            </Grid.Col>
          </Grid>
          <Grid gutter="md" align="flex-start">
            <Grid.Col span={8}>
              <Stack gap="md">{main}</Stack>
            </Grid.Col>
            <Grid.Col span={4}>
              <Stack gap="md">
                {deadline}
                {audit}
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      ) : (
        <>
          <TeamHeader team={team} />
          <TeamActionsCard team={team} abilities={abilities} actor={actor} />
          {deadline}
          {main}
          {audit}
        </>
      )}
    </Stack>
  );
}

/**
 * `staffRole`: the viewer's staff role in the team's course, null when none, undefined while not
 * known (the route reads it); a course's staff are told by their role, not as admins (issue 35).
 */
export function TeamPage({
  teamId,
  staffRole,
}: {
  teamId: string;
  staffRole?: CourseStaffRole | null | undefined;
}) {
  const team = useTeam(teamId);
  if (team.isPending) {
    return (
      <Shell>
        <InlineLoader label="Loading team" />
      </Shell>
    );
  }
  if (team.isError) {
    return (
      <Shell>
        <TeamLoadError error={team.error} onRetry={() => void team.refetch()} />
      </Shell>
    );
  }
  const actor =
    team.data.viewer.isAdmin && staffRole !== undefined ? courseActorOf(staffRole, true) : null;
  return <TeamView team={team.data} actor={actor} />;
}
