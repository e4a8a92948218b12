import { Card, Group, Stack, Text } from '@mantine/core';
import type { Invitation } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { AnchorLink } from '@/components/ui/router-link';
import { InvitationActions } from './invitation-actions';

dayjs.extend(localizedFormat);

type InvitationItemProps = {
  invitation: Invitation;
  /** Lists that mix courses name the course. */
  showCourse?: boolean;
  /** After the deadline (or in an archived course) nobody can join: no actions are offered. */
  locked?: boolean;
};

/** A pending invitation for the viewer: team, who invited, their message, Accept and Reject. */
export function InvitationItem({
  invitation,
  showCourse = false,
  locked = false,
}: InvitationItemProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="li"
      aria-label={`Invitation to ${invitation.teamName}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {showCourse && (
                <Text span c="blue.9" fw={700} inherit title={invitation.courseTitle}>
                  {invitation.courseCode} ·{' '}
                </Text>
              )}
              <AnchorLink to="/teams/$teamId" params={{ teamId: invitation.teamId }} inherit>
                {invitation.teamName}
              </AnchorLink>
            </Text>
            <Text size="xs" c="dimmed">
              {invitation.invitedBy ? `Invited by ${invitation.invitedBy.fullname}` : 'Invited'} on{' '}
              <time dateTime={invitation.createdAt}>
                {dayjs(invitation.createdAt).format('ll')}
              </time>
            </Text>
          </Stack>
          {!locked && (
            <Group gap="xs">
              <InvitationActions invitationId={invitation.id} teamName={invitation.teamName} />
            </Group>
          )}
        </Group>
        {invitation.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            “{invitation.message}”
          </Text>
        )}
      </Stack>
    </Card>
  );
}
