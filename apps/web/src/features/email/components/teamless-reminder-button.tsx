import { Alert, Box, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TeamlessReminderPreview } from '@teamup/shared';
import { IconBellRinging, IconClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useState } from 'react';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import {
  ReminderMessageField,
  reminderBody,
  reminderMessageError,
} from '@/components/ui/reminder-message-field';
import { countOf } from '@/lib/format';
import { useTeamlessReminder } from '../api/get-teamless-reminder';
import { useSendTeamlessReminder } from '../api/send-teamless-reminder';

dayjs.extend(localizedFormat);

export const REMINDER_BUTTON = 'Remind students without a team';

const at = (iso: string) => dayjs(iso).format('lll');

/** When the next reminder may go, or null when one may go now. */
const waitUntil = (preview: TeamlessReminderPreview) =>
  preview.nextAllowedAt && new Date(preview.nextAllowedAt).getTime() > Date.now()
    ? preview.nextAllowedAt
    : null;

/**
 * The sentence as the students will read it with the instructor's message: the server puts the
 * message in place of the closing invitation ("…yet: Teams are due Friday.").
 */
const withMessage = (text: string, message: string) =>
  `${text.replace(/\.(?: Find one or start your own\.)?$/, '')}: ${message}`;

function Preview({ preview, message }: { preview: TeamlessReminderPreview; message: string }) {
  const { recipients } = preview;
  const own = reminderBody(message).message;
  return (
    <Stack gap="md">
      <Text size="sm">
        Every active student of this course who has no team gets this notification in Teamup, and by
        email unless they turned that off.
      </Text>
      <Paper withBorder radius="md" p="sm" component="figure" m={0} aria-label="The reminder">
        <Stack gap={4}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {preview.subject}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {own ? withMessage(preview.text, own) : preview.text}
          </Text>
        </Stack>
      </Paper>
      <Stack gap={6}>
        <Title order={3} fz="sm" id="teamless-recipients-heading">
          {recipients.length === 0
            ? 'Nobody to remind'
            : `${countOf(recipients.length, 'student')} without a team`}
        </Title>
        {recipients.length === 0 ? (
          <Text size="sm">Every active student of this course has a team.</Text>
        ) : (
          // Focusable, so a keyboard can scroll a long list (axe: scrollable-region-focusable).
          <Box
            mah={240}
            style={{ overflowY: 'auto' }}
            tabIndex={0}
            role="region"
            aria-labelledby="teamless-recipients-heading"
          >
            <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
              {recipients.map((r) => (
                <li key={r.id}>
                  <Text size="sm" span fw={500}>
                    {r.fullname}
                  </Text>{' '}
                  <Text size="sm" span c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {r.email}
                  </Text>
                </li>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
      <Text size="sm" c="dimmed">
        {preview.lastSentAt
          ? `Last sent ${at(preview.lastSentAt)}.`
          : 'No reminder has been sent for this course yet.'}
      </Text>
    </Stack>
  );
}

function ReminderDialog({
  courseId,
  opened,
  onClose,
}: {
  courseId: string;
  opened: boolean;
  onClose: () => void;
}) {
  // Asked for when the dialog opens: the course page's first load does not read it.
  const preview = useTeamlessReminder(courseId, opened);
  const send = useSendTeamlessReminder(courseId);
  const next = preview.data ? waitUntil(preview.data) : null;
  const nobody = preview.data?.recipients.length === 0;
  const [message, setMessage] = useState('');

  const close = () => {
    send.reset();
    setMessage('');
    onClose();
  };

  const submit = () =>
    send.mutate(reminderBody(message), {
      onSuccess: (result) => {
        notifications.show({
          color: 'green',
          title: 'Reminder sent',
          message: `Reminder sent to ${countOf(result.sent, 'student')}.`,
        });
        close();
      },
    });

  return (
    <Modal.Root opened={opened} onClose={close} centered size="lg">
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's default header: a second banner landmark fails axe. */}
        <Modal.Header component="div">
          <Modal.Title fw={600}>{REMINDER_BUTTON}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack>
            {preview.isPending ? (
              <InlineLoader label="Loading the students without a team" />
            ) : preview.isError ? (
              <ErrorAlert
                title="Could not load the reminder"
                error={preview.error}
                onRetry={() => void preview.refetch()}
              />
            ) : (
              <Preview preview={preview.data} message={message} />
            )}
            {preview.data && !nobody && !next && (
              <ReminderMessageField
                value={message}
                onChange={setMessage}
                disabled={send.isPending}
              />
            )}
            {next && (
              <Alert color="gray" variant="light" role="note" icon={<IconClock aria-hidden />}>
                You can send the next reminder at {at(next)}.
              </Alert>
            )}
            {send.isError && (
              <Alert color="red.9" variant="outline" role="alert" title="Not sent">
                {send.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={send.isPending}>
                Cancel
              </Button>
              <Button
                leftSection={<IconBellRinging size={16} aria-hidden />}
                loading={send.isPending}
                disabled={
                  !preview.data || Boolean(next) || nobody || Boolean(reminderMessageError(message))
                }
                onClick={submit}
              >
                Send reminder
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/**
 * On the admin course page: remind every active student without a team (once a day). Issue 35:
 * the preview is read with the page, so with nobody to remind the button is not offered (it is
 * disabled, and says why); opening the dialog reads it afresh.
 */
export function TeamlessReminderButton({ courseId }: { courseId: string }) {
  const [opened, setOpened] = useState(false);
  const preview = useTeamlessReminder(courseId, true);
  const nobody = preview.data?.recipients.length === 0;
  const reasonId = `teamless-reminder-reason-${courseId}`;
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconBellRinging size={16} aria-hidden />}
          onClick={() => setOpened(true)}
          disabled={nobody}
          aria-describedby={nobody ? reasonId : undefined}
          // On a phone the label wraps instead of being cut off.
          maw="100%"
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {REMINDER_BUTTON}
        </Button>
        {nobody && (
          <Text size="sm" c="dimmed" id={reasonId}>
            Nobody to remind: every active student has a team.
          </Text>
        )}
      </Group>
      <ReminderDialog courseId={courseId} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
