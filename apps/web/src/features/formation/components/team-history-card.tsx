import { Badge, Stack, Text, Timeline } from '@mantine/core';
import type { MembershipEndReason, MembershipPeriod } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { useMyTeamHistory } from '../api/get-team-history';
import { SectionCard } from './section-card';

dayjs.extend(localizedFormat);

export const LEFT_REASON_LABELS: Record<MembershipEndReason, string> = {
  LEFT: 'Left',
  REMOVED: 'Removed by the leader',
  MOVED: 'Moved by an admin',
  DISBANDED: 'Team disbanded',
  ENROLLMENT_ENDED: 'Enrollment ended',
};

const when = (iso: string) => dayjs(iso).format('lll');

function PeriodItem({ period }: { period: MembershipPeriod }) {
  return (
    <Stack gap={2}>
      {period.teamDisbanded ? (
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {period.teamName}{' '}
          <Text span size="xs" c="dimmed">
            (disbanded)
          </Text>
        </Text>
      ) : (
        <AnchorLink
          to="/teams/$teamId"
          params={{ teamId: period.teamId }}
          fw={600}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {period.teamName}
        </AnchorLink>
      )}
      <Text size="xs" c="dimmed">
        Joined {when(period.joinedAt)}
      </Text>
      {period.leftAt ? (
        <Text size="xs" c="dimmed">
          Left {when(period.leftAt)}
          {period.leftReason ? ` · ${LEFT_REASON_LABELS[period.leftReason]}` : ''}
        </Text>
      ) : (
        <Badge color="teal.9" size="sm" w="fit-content">
          Current
        </Badge>
      )}
    </Stack>
  );
}

/** The signed-in student's teams in a course, oldest first (GET …/team-history). */
export function TeamHistoryCard({ courseId }: { courseId: string }) {
  const history = useMyTeamHistory(courseId);
  return (
    <SectionCard id="team-history-heading" title="Your team history">
      {history.isPending ? (
        <InlineLoader label="Loading your team history" />
      ) : history.isError ? (
        <ErrorAlert
          title="Could not load your team history"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.items.length === 0 ? (
        <EmptyState>You have not been in a team in this course yet.</EmptyState>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={history.data.items.length - 1}>
          {history.data.items.map((p) => (
            <Timeline.Item key={`${p.teamId}:${p.joinedAt}`}>
              <PeriodItem period={p} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </SectionCard>
  );
}
