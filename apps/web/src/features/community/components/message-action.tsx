import { Badge, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { FormModal } from '@/components/ui/form-modal';
import { MessageForm } from '@/components/ui/message-form';
import type { ApiError } from '@/lib/api-client';

type MessageActionProps = {
  /** The button's words and its accessible name (which names the person or team). */
  label: string;
  ariaLabel: string;
  icon: ReactNode;
  /** The dialog's title, also the form's accessible name. */
  title: string;
  intro: string;
  messageLabel: string;
  placeholder: string;
  submitLabel: string;
  /** The title of the toast of a refusal. */
  failureTitle: string;
  /** What the button becomes once sent ("Invited to Byte Club"). */
  doneLabel: string;
  /** Sends; resolves to the toast to show, or rejects with the server's refusal. */
  send: (message: string) => Promise<{ title: string; message: string }>;
  pending: boolean;
  error: ApiError | null;
  reset: () => void;
};

/**
 * An action with an optional message (issue 24: an invitation or a join request went out in one
 * click, with nothing said): the button opens a dialog, the dialog sends, the button becomes
 * what was done.
 */
export function MessageAction({
  label,
  ariaLabel,
  icon,
  title,
  intro,
  messageLabel,
  placeholder,
  submitLabel,
  failureTitle,
  doneLabel,
  send,
  pending,
  error,
  reset,
}: MessageActionProps) {
  const [opened, setOpened] = useState(false);
  const [done, setDone] = useState(false);
  const close = () => {
    reset();
    setOpened(false);
  };
  if (done) {
    return (
      <Badge
        color="violet.9"
        variant="filled"
        size="lg"
        tt="none"
        leftSection={<IconCheck size={14} aria-hidden />}
      >
        {doneLabel}
      </Badge>
    );
  }
  return (
    <>
      <Button
        size="xs"
        variant="filled"
        color="blue.9"
        leftSection={icon}
        aria-label={ariaLabel}
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <FormModal opened={opened} title={title} onClose={close}>
        <MessageForm
          label={title}
          intro={<Text size="sm">{intro}</Text>}
          messageLabel={messageLabel}
          placeholder={placeholder}
          submitLabel={submitLabel}
          pending={pending}
          error={error}
          onCancel={close}
          onSubmit={(message) => {
            send(message).then(
              (toast) => {
                notifications.show({ color: 'green', ...toast });
                setDone(true);
                close();
              },
              (failure: ApiError) => {
                notifications.show({ color: 'red', title: failureTitle, message: failure.message });
                // A refusal about the team itself will not change by editing the message.
                if (failure.details.length === 0) close();
              },
            );
          }}
        />
      </FormModal>
    </>
  );
}
