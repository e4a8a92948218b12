import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  NOTICE_BODY_MAX,
  createNoticeBodySchema,
  updateNoticeBodySchema,
  type Notice,
  type TeamDetail,
} from '@teamup/shared';
import { IconPencil, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useAuthStore } from '@/lib/auth-store';
import { asActor, type CourseActor } from '@/lib/course-role-words';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { useCreateNotice } from '../../api/create-notice';
import { useDeleteNotice } from '../../api/delete-notice';
import { useMarkNoticesSeen } from '../../api/mark-notices-seen';
import { useNotices } from '../../api/get-notices';
import { useUpdateNotice } from '../../api/update-notice';
import { notifyFailure, notifySuccess } from '../shared/notify';
import type { Gate } from './team-rules';
import { useClampPage } from './use-clamp-page';
import { TEAM_PAGE_LIST_SIZE } from '../../api/team-page-reads';

dayjs.extend(relativeTime);

// The route's loader starts the first page of this list (decision 101).
const PAGE_SIZE = TEAM_PAGE_LIST_SIZE;

function NewNoticeForm({ team }: { team: TeamDetail }) {
  const create = useCreateNotice();
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: '', pinned: false },
    validate: (values) => zodFieldErrors(createNoticeBodySchema, values),
  });

  const submit = form.onSubmit((values) => {
    const body = createNoticeBodySchema.parse(values);
    create.mutate(
      { teamId: team.id, ...body },
      {
        onSuccess: (notice) => {
          notifySuccess(
            'Notice posted',
            notice.pinned
              ? `Pinned notice posted to ${team.name}`
              : `Notice posted to ${team.name}`,
          );
          form.reset();
        },
        onError: (error) => {
          form.setErrors(splitApiError(error, ['body', 'pinned']).fieldErrors);
          notifyFailure('Could not post the notice', error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Post a notice">
      <Stack gap="xs">
        <Textarea
          label="New notice"
          placeholder="Meeting times, links, decisions…"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={NOTICE_BODY_MAX}
          {...form.getInputProps('body')}
        />
        <Group justify="space-between" gap="xs">
          <Checkbox
            label="Pin to the top"
            {...form.getInputProps('pinned', { type: 'checkbox' })}
          />
          <Button type="submit" size="sm" loading={create.isPending}>
            Post notice
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditNoticeForm({ notice, onDone }: { notice: Notice; onDone: () => void }) {
  const update = useUpdateNotice();
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: notice.body },
    validate: (values) => zodFieldErrors(updateNoticeBodySchema, values),
  });
  const submit = form.onSubmit((values) => {
    const body = values.body.trim();
    if (body === notice.body) {
      onDone();
      return;
    }
    update.mutate(
      { noticeId: notice.id, body: { body } },
      {
        onSuccess: () => {
          notifySuccess('Notice updated', 'Your changes to the notice were saved');
          onDone();
        },
        onError: (error) => {
          form.setErrors(splitApiError(error, ['body']).fieldErrors);
          notifyFailure('Could not update the notice', error);
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Edit notice">
      <Stack gap="xs">
        <Textarea
          label="Notice"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={NOTICE_BODY_MAX}
          data-autofocus
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end" gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={onDone}
            disabled={update.isPending}
            aria-label="Cancel editing the notice"
          >
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={update.isPending}>
            Save notice
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type NoticeItemProps = {
  notice: Notice;
  canManage: boolean;
  onDelete: () => void;
};

function NoticeItem({ notice, canManage, onDelete }: NoticeItemProps) {
  const [editing, setEditing] = useState(false);
  const pin = useUpdateNotice();
  const author = notice.author?.fullname ?? 'A former member';
  const edited = notice.updatedAt !== notice.createdAt;

  const togglePin = () => {
    pin.mutate(
      { noticeId: notice.id, body: { pinned: !notice.pinned } },
      {
        onSuccess: (updated) =>
          notifySuccess(
            updated.pinned ? 'Notice pinned' : 'Notice unpinned',
            updated.pinned ? 'The notice now stays at the top' : 'The notice is back in date order',
          ),
        onError: (error) => notifyFailure('Could not change the pin', error),
      },
    );
  };

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      bg={notice.pinned ? 'var(--mantine-color-yellow-0)' : undefined}
      aria-label={`Notice by ${author}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <UserAvatar fullname={author} avatar={notice.author?.avatar} size="sm" />
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {author}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={notice.createdAt} title={dayjs(notice.createdAt).format('lll')}>
                  {dayjs(notice.createdAt).fromNow()}
                </time>
                {edited && ' · edited'}
              </Text>
            </Stack>
          </Group>
          {notice.pinned && (
            <Badge
              color="yellow.5"
              autoContrast
              variant="filled"
              size="sm"
              leftSection={<IconPin size={12} aria-hidden />}
            >
              Pinned
            </Badge>
          )}
        </Group>
        {editing ? (
          <EditNoticeForm notice={notice} onDone={() => setEditing(false)} />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {notice.body}
          </Text>
        )}
        {canManage && !editing && (
          <Group gap={4} justify="flex-end">
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={
                notice.pinned ? (
                  <IconPinnedOff size={14} aria-hidden />
                ) : (
                  <IconPin size={14} aria-hidden />
                )
              }
              loading={pin.isPending}
              onClick={togglePin}
              aria-label={`${notice.pinned ? 'Unpin' : 'Pin'} notice from ${author}`}
            >
              {notice.pinned ? 'Unpin' : 'Pin'}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setEditing(true)}
              aria-label={`Edit notice from ${author}`}
            >
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red.9"
              c="red.9"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              aria-label={`Delete notice from ${author}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Tells the server that a member has seen the team's notices (the dashboard's "new notices"
 * entry then clears) once the board with its notices has been on screen: each time a read of
 * them (`shownAt`, 0 when there is none or nothing to see) comes into view. Without
 * IntersectionObserver nothing is marked: a board never seen is better than one marked unseen.
 */
function useSeenWhenShown(team: TeamDetail, shownAt: number) {
  const ref = useRef<HTMLDivElement>(null);
  const { mutate } = useMarkNoticesSeen();
  const member = team.viewer.relation === 'LEADER' || team.viewer.relation === 'MEMBER';
  useEffect(() => {
    const board = ref.current;
    if (!member || !shownAt || !board || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      mutate(team.id);
    });
    observer.observe(board);
    return () => observer.disconnect();
  }, [member, shownAt, team.id, mutate]);
  return ref;
}

type NoticeBoardProps = {
  team: TeamDetail;
  postGate: Gate | null;
  /** Who an admin-side reader is on the course (issue 35): their role's words. */
  actor?: CourseActor | null;
};

/** The team's notices: members post and read; the author or the leader edits, pins, deletes. */
export function NoticeBoard({ team, postGate, actor = null }: NoticeBoardProps) {
  const myId = useAuthStore((s) => s.user?.id);
  const [page, setPage] = useState(1);
  const notices = useNotices(team.id, { page, limit: PAGE_SIZE });
  useClampPage(page, setPage, notices.data);
  const remove = useDeleteNotice();
  const [deleting, setDeleting] = useState<Notice | null>(null);
  const isLeader = team.viewer.relation === 'LEADER';
  // Posting and managing need a live membership; admins only read.
  const canWrite = Boolean(postGate?.ok);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess('Notice deleted', 'The notice was removed from the board'),
      onError: (error) => notifyFailure('Could not delete the notice', error),
      onSettled: () => setDeleting(null),
    });
  };

  const total = notices.data?.total ?? 0;
  const boardRef = useSeenWhenShown(team, notices.data && total > 0 ? notices.dataUpdatedAt : 0);

  return (
    <Paper
      ref={boardRef}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="notices-heading"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="notices-heading">
          Notice board
        </Title>
        {canWrite && <NewNoticeForm team={team} />}
        {postGate && !postGate.ok && (
          <Text size="sm" c="dimmed">
            You cannot post now. {postGate.reason}
          </Text>
        )}
        {!postGate && team.viewer.isAdmin && (
          <Text size="sm" c="dimmed">
            {asActor(actor ?? 'ADMIN', 'read the board; only members post.')}
          </Text>
        )}
        {notices.isPending ? (
          <InlineLoader label="Loading notices" />
        ) : notices.isError ? (
          <ErrorAlert
            title="Could not load the notices"
            error={notices.error}
            onRetry={() => void notices.refetch()}
          />
        ) : notices.data.items.length === 0 ? (
          <EmptyState>No notices yet{canWrite ? ': post the first one.' : '.'}</EmptyState>
        ) : (
          <>
            <Stack
              component="ul"
              gap="xs"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Notices"
            >
              {notices.data.items.map((notice) => (
                <NoticeItem
                  key={notice.id}
                  notice={notice}
                  canManage={canWrite && (isLeader || notice.author?.id === myId)}
                  onDelete={() => setDeleting(notice)}
                />
              ))}
            </Stack>
            {total > PAGE_SIZE && (
              <ListPagination
                page={page}
                limit={PAGE_SIZE}
                total={total}
                onChange={setPage}
                noun="notices"
              />
            )}
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this notice?"
        confirmLabel="Delete notice"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        The notice disappears for every member. This cannot be undone.
      </ConfirmModal>
    </Paper>
  );
}
