import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ButtonLink } from '@/components/ui/router-link';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { InvitationItem } from '../shared/invitation-item';
import { JoinRequestItem } from '../shared/join-request-item';
import { LeaderBadge } from '../shared/team-badges';
import { membersText } from '../shared/team-card';
import type { CourseTeamsCourse } from './course-teams-section';
import { CreateTeamModal } from './create-team-modal';
import type { CourseTeamState } from './use-course-team-state';

const listProps = { component: 'ul', p: 0, m: 0, style: { listStyle: 'none' } } as const;

function Membership({ team }: { team: NonNullable<CourseTeamState['team']> }) {
  const leads = team.relation === 'LEADER';
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">
          {leads ? 'You lead ' : 'You are a member of '}
          <Text span fw={700} inherit>
            {team.name}
          </Text>
        </Text>
        {leads && <LeaderBadge size="sm" />}
      </Group>
      <Text size="sm" c="dimmed">
        {membersText(team)}
        {team.relation === 'MEMBER' ? ` · led by ${team.leader.fullname}` : ''}
      </Text>
      <Group>
        <ButtonLink
          to="/teams/$teamId"
          params={{ teamId: team.id }}
          size="sm"
          variant="outline"
          color="blue.9"
        >
          Open team page
        </ButtonLink>
      </Group>
    </Stack>
  );
}

type MyCourseTeamStatusProps = {
  course: CourseTeamsCourse;
  locked: boolean;
  /** Only where the student stands (an inactive enrollment): no create, accept or withdraw. */
  readOnly?: boolean;
  query: {
    state: CourseTeamState | undefined;
    isPending: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
};

/** The viewer's team life in this course: their team, or how to get one. */
export function MyCourseTeamStatus({
  course,
  locked,
  readOnly = false,
  query,
}: MyCourseTeamStatusProps) {
  const [creating, setCreating] = useState(false);
  const { state } = query;

  let body;
  if (query.error) {
    body = (
      <ErrorAlert
        title="Could not load your team status"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!state) {
    body = <InlineLoader label="Loading your team status" />;
  } else if (readOnly) {
    body = (
      <Stack gap="sm">
        {state.team ? (
          <Membership team={state.team} />
        ) : (
          <Text size="sm">You are not in a team in this course.</Text>
        )}
        <Text size="sm" c="dimmed">
          Your enrollment is inactive, so you cannot create, join or leave a team here.
          {state.team ? ' Your place in the team stays as it is.' : ''}
        </Text>
      </Stack>
    );
  } else if (state.team) {
    body = <Membership team={state.team} />;
  } else {
    body = (
      <Stack gap="md">
        {locked ? (
          <Text size="sm">
            You are not in a team in this course. Teams can no longer change here; ask your course
            admin, who can still add you to a team.
          </Text>
        ) : (
          <Group justify="space-between" gap="sm" align="center">
            <Text size="sm" style={{ flex: '1 1 240px' }}>
              You are not in a team yet. Create one, apply to a team below, or accept an invitation.
            </Text>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              Create team
            </Button>
          </Group>
        )}
        {state.invitations.length > 0 && (
          <Stack gap="xs">
            <Title order={4} fz="sm">
              Invitations
            </Title>
            <Stack gap="xs" {...listProps} aria-label="Invitations">
              {state.invitations.map((i) => (
                <InvitationItem key={i.id} invitation={i} locked={locked} />
              ))}
            </Stack>
          </Stack>
        )}
        {state.requests.length > 0 && (
          <Stack gap="xs">
            <Title order={4} fz="sm">
              Your pending requests
            </Title>
            <Stack gap="xs" {...listProps} aria-label="Your pending requests">
              {state.requests.map((r) => (
                <JoinRequestItem key={r.id} request={r} />
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="my-team-heading">
      <Stack gap="sm">
        <Title order={3} fz="md" id="my-team-heading">
          Your team
        </Title>
        {body}
      </Stack>
      {!readOnly && (
        <CreateTeamModal
          opened={creating}
          course={course}
          pending={{ requests: state?.requests ?? [], invitations: state?.invitations ?? [] }}
          onClose={() => setCreating(false)}
        />
      )}
    </Paper>
  );
}
