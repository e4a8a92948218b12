import { Badge, Stack, Text, Timeline, Title } from '@mantine/core';
import type { MembershipEndReason, MembershipPeriod } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { useMyTeamHistory, useStudentTeamHistory } from '../api/get-team-history';
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

type HistoryQuery = ReturnType<typeof useMyTeamHistory>;

/** A history's periods on a timeline, or its loading, error and empty states. */
function HistoryTimeline({
  history,
  whose,
  empty,
}: {
  history: HistoryQuery;
  /** "your" or the student's name with "'s", for the loading and error texts. */
  whose: string;
  empty: string;
}) {
  if (history.isPending) return <InlineLoader label={`Loading ${whose} team history`} />;
  if (history.isError) {
    return (
      <ErrorAlert
        title={`Could not load ${whose} team history`}
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (history.data.items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={history.data.items.length - 1}>
      {history.data.items.map((p) => (
        <Timeline.Item key={`${p.teamId}:${p.joinedAt}`}>
          <PeriodItem period={p} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The signed-in student's teams in a course, oldest first (GET …/team-history). */
export function TeamHistoryCard({ courseId }: { courseId: string }) {
  const history = useMyTeamHistory(courseId);
  return (
    <SectionCard id="team-history-heading" title="Your team history">
      <HistoryTimeline
        history={history}
        whose="your"
        empty="You have not been in a team in this course yet."
      />
    </SectionCard>
  );
}

/**
 * A student's teams in a course for an admin, oldest first (GET /admin/courses/{id}/students/
 * {userId}/team-history): the roster's enrollment panel shows it (given by the route).
 */
export function StudentTeamHistory({
  courseId,
  userId,
  fullname,
}: {
  courseId: string;
  userId: string;
  fullname: string;
}) {
  const history = useStudentTeamHistory(courseId, userId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="student-team-history-heading">
      <Title order={3} fz="md" id="student-team-history-heading">
        Team history
      </Title>
      <HistoryTimeline
        history={history}
        whose={`${fullname}’s`}
        empty={`${fullname} has not been in a team in this course yet.`}
      />
    </Stack>
  );
}
