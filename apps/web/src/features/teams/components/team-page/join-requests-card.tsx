import {
  Badge,
  Blockquote,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { TEAM_MESSAGE_MAX, type JoinRequest, type TeamDetail } from '@teamup/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useDecideJoinRequest } from '../../api/decide-join-request';
import { useJoinRequests } from '../../api/get-join-requests';
import { notifyFailure, notifySuccess } from '../shared/notify';
import type { TeamAbilities } from './team-rules';
import { useClampPage } from './use-clamp-page';
import { TEAM_PAGE_LIST_SIZE } from '../../api/team-page-reads';

dayjs.extend(relativeTime);

// The route's loader starts the first page of this list (decision 101).
const PAGE_SIZE = TEAM_PAGE_LIST_SIZE;

type Decisions = NonNullable<TeamAbilities['requests']>;

function RequestRow({
  request,
  decisions,
  busy,
  onAccept,
  onReject,
}: {
  request: JoinRequest;
  decisions: Decisions | null;
  busy: boolean;
  /** Absent for a waitlisted request: it cannot be accepted until a seat opens (issue 15). */
  onAccept?: () => void;
  onReject: () => void;
}) {
  const { applicant } = request;
  const nameId = `request-${request.id}`;
  const place = request.status === 'WAITLISTED' ? request.waitlistPosition : null;
  return (
    <Stack component="li" aria-labelledby={nameId} gap="xs" py="sm">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <UserAvatar fullname={applicant.fullname} avatar={applicant.avatar} size="md" />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} justify="space-between" wrap="wrap">
            <Group gap={6} wrap="nowrap">
              {place !== null && (
                <Badge
                  variant="light"
                  color="blue.9"
                  size="sm"
                  aria-label={`Number ${place} in line`}
                >
                  #{place}
                </Badge>
              )}
              <Text fw={600} size="sm" id={nameId}>
                {applicant.fullname}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              asked{' '}
              <time dateTime={request.createdAt} title={dayjs(request.createdAt).format('lll')}>
                {dayjs(request.createdAt).fromNow()}
              </time>
            </Text>
          </Group>
          {applicant.skills.length > 0 ? (
            <Group gap={4} wrap="wrap" aria-label={`Skills of ${applicant.fullname}`}>
              {applicant.skills.map((skill) => (
                <Badge key={skill} variant="default" size="sm" tt="none">
                  {skill}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              No skills listed
            </Text>
          )}
          {request.message ? (
            <Blockquote p="xs" color="blue.9" fz="sm" style={{ wordBreak: 'break-word' }}>
              {request.message}
            </Blockquote>
          ) : (
            <Text size="xs" c="dimmed">
              No message.
            </Text>
          )}
        </Stack>
      </Group>
      {decisions && (
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            disabled={!decisions.reject.ok || busy}
            onClick={onReject}
            aria-label={`Reject ${applicant.fullname}'s request`}
          >
            Reject
          </Button>
          {onAccept && (
            <Button
              size="xs"
              leftSection={<IconCheck size={14} aria-hidden />}
              disabled={!decisions.accept.ok || busy}
              onClick={onAccept}
              aria-label={`Accept ${applicant.fullname}'s request`}
            >
              Accept
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

type JoinRequestsCardProps = { team: TeamDetail; decisions: Decisions | null };

/**
 * The leader's inbox: pending join requests with Accept and Reject (optional reason), and the
 * waitlist of a full team in order with each place, Reject only (issue 15).
 */
export function JoinRequestsCard({ team, decisions }: JoinRequestsCardProps) {
  const [page, setPage] = useState(1);
  const requests = useJoinRequests(team.id, { page, limit: PAGE_SIZE });
  useClampPage(page, setPage, requests.data);
  const [waitPage, setWaitPage] = useState(1);
  const waitlist = useJoinRequests(team.id, {
    page: waitPage,
    limit: PAGE_SIZE,
    status: 'WAITLISTED',
  });
  useClampPage(waitPage, setWaitPage, waitlist.data);
  const waiting = waitlist.data?.total ?? 0;
  const decide = useDecideJoinRequest();
  const [rejecting, setRejecting] = useState<JoinRequest | null>(null);
  const [reason, setReason] = useState('');

  const accept = (request: JoinRequest) => {
    decide.mutate(
      { requestId: request.id, decision: 'accept' },
      {
        onSuccess: () =>
          notifySuccess('Request accepted', `${request.applicant.fullname} joined ${team.name}`),
        onError: (error) => notifyFailure(`Could not accept ${request.applicant.fullname}`, error),
      },
    );
  };

  const confirmReject = () => {
    if (!rejecting) return;
    const request = rejecting;
    const trimmed = reason.trim();
    decide.mutate(
      { requestId: request.id, decision: 'reject', ...(trimmed ? { reason: trimmed } : {}) },
      {
        onSuccess: () =>
          notifySuccess(
            'Request rejected',
            `You rejected the request of ${request.applicant.fullname}`,
          ),
        onError: (error) => notifyFailure(`Could not reject ${request.applicant.fullname}`, error),
        onSettled: () => {
          setRejecting(null);
          setReason('');
        },
      },
    );
  };

  const total = requests.data?.total ?? 0;
  const blocked = decisions && !decisions.accept.ok ? decisions.accept.reason : null;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="requests-heading"
    >
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} fz="lg" id="requests-heading">
            Join requests
          </Title>
          {total > 0 && (
            <Badge color="blue.9" variant="filled" aria-label={`${total} pending`}>
              {total}
            </Badge>
          )}
        </Group>
        {blocked && total > 0 && (
          <Text size="sm" c="dimmed">
            Requests cannot be accepted now. {blocked}
          </Text>
        )}
        {requests.isPending ? (
          <InlineLoader label="Loading join requests" />
        ) : requests.isError ? (
          <ErrorAlert
            title="Could not load the join requests"
            error={requests.error}
            onRetry={() => void requests.refetch()}
          />
        ) : requests.data.items.length === 0 ? (
          <EmptyState>No pending join requests.</EmptyState>
        ) : (
          <>
            <Stack
              component="ul"
              gap={0}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Pending join requests"
            >
              {requests.data.items.map((request) => (
                <RequestRow
                  key={request.id}
                  request={request}
                  decisions={decisions}
                  busy={decide.isPending && decide.variables?.requestId === request.id}
                  onAccept={() => accept(request)}
                  onReject={() => setRejecting(request)}
                />
              ))}
            </Stack>
            {total > PAGE_SIZE && (
              <ListPagination
                page={page}
                limit={PAGE_SIZE}
                total={total}
                onChange={setPage}
                noun="requests"
              />
            )}
          </>
        )}
        {waitlist.isError ? (
          <ErrorAlert
            title="Could not load the waitlist"
            error={waitlist.error}
            onRetry={() => void waitlist.refetch()}
          />
        ) : (
          waiting > 0 &&
          waitlist.data && (
            <Stack gap={4} component="section" aria-labelledby="waitlist-heading" mt="sm">
              <Group gap="xs">
                <Title order={3} fz="md" id="waitlist-heading">
                  Waitlist
                </Title>
                <Badge variant="light" color="blue.9" aria-label={`${waiting} waiting`}>
                  {waiting}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Students who asked while the team was full, in order. When a seat opens, the first
                in line becomes a pending request for you to decide.
              </Text>
              <Stack
                component="ol"
                gap={0}
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label="Waitlist"
              >
                {waitlist.data.items.map((request) => (
                  <RequestRow
                    key={request.id}
                    request={request}
                    decisions={decisions}
                    busy={decide.isPending && decide.variables?.requestId === request.id}
                    onReject={() => setRejecting(request)}
                  />
                ))}
              </Stack>
              {waiting > PAGE_SIZE && (
                <ListPagination
                  page={waitPage}
                  limit={PAGE_SIZE}
                  total={waiting}
                  onChange={setWaitPage}
                  noun="waiting students"
                />
              )}
            </Stack>
          )
        )}
      </Stack>
      <ConfirmModal
        opened={rejecting !== null}
        title={rejecting ? `Reject ${rejecting.applicant.fullname}?` : 'Reject request?'}
        confirmLabel="Reject request"
        loading={decide.isPending}
        onConfirm={confirmReject}
        onClose={() => {
          setRejecting(null);
          setReason('');
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {rejecting?.applicant.fullname} will see that you turned the request down.
          </Text>
          <Textarea
            label="Reason (optional)"
            description="Shown to the student."
            autosize
            minRows={2}
            maxRows={5}
            maxLength={TEAM_MESSAGE_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </Stack>
      </ConfirmModal>
    </Paper>
  );
}
