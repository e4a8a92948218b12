import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { TeamMember } from '@teamup/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { useTeam } from '../api/get-team';
import { AddMemberModal } from './add-member-modal';
import { RemoveMemberModal } from './remove-member-modal';

type TeamMembersPanelProps = {
  courseId: string;
  teamId: string;
  /**
   * The link to the team's page and its activity log: that page is the students' and the
   * organization admins' (a course's staff who are not enrolled get 404 there), so not for staff.
   */
  activityLog?: boolean;
};

/** One team's members, opened from the course's team list, with the admin's member actions. */
export function TeamMembersPanel({ courseId, teamId, activityLog = true }: TeamMembersPanelProps) {
  const team = useTeam(teamId);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [adding, setAdding] = useState(false);

  if (team.isPending) return <InlineLoader label="Loading members" />;
  if (team.isError) {
    return (
      <ErrorAlert
        title="Could not load the team"
        error={team.error}
        onRetry={() => void team.refetch()}
      />
    );
  }
  const t = team.data;
  if (t.disbandedAt) return <EmptyState>This team has been disbanded.</EmptyState>;

  return (
    <Stack gap="sm">
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {t.members.map((m) => (
          <Group
            key={m.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            preventGrowOverflow={false}
            aria-label={m.fullname}
          >
            <div style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500} truncate>
                  {m.fullname}
                </Text>
                {m.isLeader && (
                  <Badge size="xs" variant="light">
                    Leader
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {m.email} · joined {dayjs(m.joinedAt).format('ll')}
              </Text>
            </div>
            <Button
              size="xs"
              variant="subtle"
              color="red.9"
              style={{ flexShrink: 0 }}
              onClick={() => setRemoving(m)}
              aria-label={`Remove ${m.fullname}`}
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" gap="sm">
        <Button size="xs" variant="light" onClick={() => setAdding(true)}>
          Add or move a student
        </Button>
        {activityLog && (
          <AnchorLink size="sm" to="/teams/$teamId" params={{ teamId: t.id }}>
            Activity log
          </AnchorLink>
        )}
      </Group>
      <RemoveMemberModal team={t} member={removing} onClose={() => setRemoving(null)} />
      <AddMemberModal
        courseId={courseId}
        team={t}
        opened={adding}
        onClose={() => setAdding(false)}
      />
    </Stack>
  );
}
