import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NUDGE_INTERVAL_HOURS, type TeamHealth, type TeamHealthFlag } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { countOf } from '@/lib/format';
import { useCourseHealth } from '../api/get-course-health';
import { useNudgeTeam } from '../api/nudge-team';
import { SectionCard } from './section-card';

dayjs.extend(localizedFormat);

export const FLAG_LABELS: Record<TeamHealthFlag, string> = {
  UNDER_MINIMUM: 'Under the minimum',
  REQUESTS_UNANSWERED: 'Requests unanswered',
  INACTIVE: 'Inactive',
  CLOSED_WHILE_SHORT: 'Closed while short',
};

/** When the team may be nudged again, or null when it may now. */
export function nextNudgeAt(lastNudgedAt: string | null, now = dayjs()): dayjs.Dayjs | null {
  if (!lastNudgedAt) return null;
  const next = dayjs(lastNudgedAt).add(NUDGE_INTERVAL_HOURS, 'hour');
  return next.isAfter(now) ? next : null;
}

/** The course's flagged teams with what to do about each flag, and a nudge per team. */
export function TeamHealthSection({ courseId }: { courseId: string }) {
  const health = useCourseHealth(courseId);
  return (
    <SectionCard
      id="team-health-heading"
      title="Team health"
      description="Teams under the minimum size, with join requests unanswered for 48 hours, with no member signed in for 7 days, or closed to requests while short. A nudge tells the team's members what to do."
    >
      {health.isPending ? (
        <InlineLoader label="Loading team health" />
      ) : health.isError ? (
        <ErrorAlert
          title="Could not load the team health"
          error={health.error}
          onRetry={() => void health.refetch()}
        />
      ) : health.data.teams.length === 0 ? (
        <EmptyState>
          {health.data.totalTeams === 0 ? 'No team in this course yet.' : 'Every team is healthy'}
        </EmptyState>
      ) : (
        <>
          <Text size="sm">
            {health.data.teams.length} of{' '}
            {countOf(health.data.totalTeams, 'team needs', 'teams need')} attention.
          </Text>
          <Stack gap="sm">
            {health.data.teams.map((team) => (
              <FlaggedTeam key={team.teamId} courseId={courseId} team={team} />
            ))}
          </Stack>
        </>
      )}
    </SectionCard>
  );
}

function FlaggedTeam({ courseId, team }: { courseId: string; team: TeamHealth }) {
  const nudge = useNudgeTeam();
  const next = nextNudgeAt(team.lastNudgedAt);
  const headingId = `health-team-${team.teamId}`;
  const reasonId = `health-nudge-reason-${team.teamId}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {team.name}
            </Text>
            <Text size="xs" c="dimmed">
              {team.memberCount}/{team.maxSize} members
              {team.leader ? ` · led by ${team.leader.fullname}` : ''}
              {team.openToRequests ? '' : ' · closed to requests'}
            </Text>
          </div>
          <Button
            size="xs"
            variant="outline"
            loading={nudge.isPending}
            disabled={next !== null}
            aria-describedby={next ? reasonId : undefined}
            onClick={() =>
              nudge.mutate(
                { courseId, teamId: team.teamId },
                {
                  onSuccess: (r) =>
                    notifications.show({
                      color: 'green',
                      title: `${team.name} nudged`,
                      message: `Nudged ${countOf(r.notified, 'member')}`,
                    }),
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      title: `${team.name} was not nudged`,
                      message: error.message,
                    }),
                },
              )
            }
          >
            Nudge
          </Button>
        </Group>
        {next && (
          <Text size="xs" c="dimmed" id={reasonId}>
            Nudged {dayjs(team.lastNudgedAt).format('lll')}; the next nudge is possible from{' '}
            {next.format('lll')}.
          </Text>
        )}
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {team.flags.map((f) => (
            <Group key={f.flag} gap="xs" wrap="wrap" align="baseline" component="li">
              {/* Dark text on yellow (autoContrast) keeps 4.5:1 in both schemes. */}
              <Badge color="yellow.5" autoContrast>
                {FLAG_LABELS[f.flag]}
              </Badge>
              <Text size="sm" style={{ flex: '1 1 14rem' }}>
                {f.detail}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
