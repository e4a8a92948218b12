import { Card, Group, Stack, Text } from '@mantine/core';
import type { JoinRequest } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { AnchorLink } from '@/components/ui/router-link';
import { WithdrawRequestButton } from './withdraw-request-button';

dayjs.extend(localizedFormat);

type JoinRequestItemProps = { request: JoinRequest; showCourse?: boolean };

/** One of the viewer's pending or waitlisted join requests (with the place in line), with Withdraw. */
export function JoinRequestItem({ request, showCourse = false }: JoinRequestItemProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="li"
      aria-label={`Request to join ${request.teamName}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {showCourse && (
                <Text span c="blue.9" fw={700} inherit>
                  {request.courseCode} ·{' '}
                </Text>
              )}
              <AnchorLink to="/teams/$teamId" params={{ teamId: request.teamId }} inherit>
                {request.teamName}
              </AnchorLink>
            </Text>
            <Text size="xs" c="dimmed">
              Sent on{' '}
              <time dateTime={request.createdAt}>{dayjs(request.createdAt).format('ll')}</time> ·{' '}
              {request.status === 'WAITLISTED'
                ? `the team is full: you are number ${request.waitlistPosition ?? '?'} on the waitlist`
                : 'waiting for the leader'}
            </Text>
          </Stack>
          <Group gap="xs">
            <WithdrawRequestButton requestId={request.id} teamName={request.teamName} />
          </Group>
        </Group>
        {request.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            “{request.message}”
          </Text>
        )}
      </Stack>
    </Card>
  );
}
