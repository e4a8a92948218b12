import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ApiError } from '@/lib/api-client';
import { useAnswerTeamRequest, type TeamRequestAction } from '../api/answer-team-request';

type Choice = {
  action: TeamRequestAction['action'];
  label: string;
  /** Read by screen readers: the button's action and what it acts on. */
  ariaLabel: string;
  primary?: boolean;
  /** Asked first: the action cannot be undone from here. */
  confirm?: { title: string; text: string; label: string };
  done: (teamName: string) => { title: string; message: string };
  failed: string;
};

type RequestActionsProps = {
  kind: TeamRequestAction['kind'];
  id: string;
  choices: Choice[];
};

/**
 * The buttons of one pending invitation or request. The entry leaves the dashboard as soon as
 * the dashboard is read again, unmounting this component before `mutate`'s own callbacks would
 * run; the promise still settles, so it carries the notification.
 */
export function RequestActions({ kind, id, choices }: RequestActionsProps) {
  const answer = useAnswerTeamRequest();
  const [confirming, setConfirming] = useState<Choice | null>(null);
  const running = answer.isPending ? answer.variables?.action : undefined;

  const run = (choice: Choice) =>
    answer
      .mutateAsync({ kind, id, action: choice.action } as TeamRequestAction)
      .then(
        (data) => notifications.show({ color: 'green', ...choice.done(data.teamName) }),
        (error: ApiError) =>
          notifications.show({ color: 'red', title: choice.failed, message: error.message }),
      )
      .finally(() => setConfirming(null));

  return (
    <Group gap="xs" wrap="wrap">
      {choices.map((choice) => (
        <Button
          key={choice.action}
          size="xs"
          variant={choice.primary ? 'filled' : 'default'}
          loading={running === choice.action}
          disabled={answer.isPending && running !== choice.action}
          aria-label={choice.ariaLabel}
          onClick={() => (choice.confirm ? setConfirming(choice) : void run(choice))}
        >
          {choice.label}
        </Button>
      ))}
      <ConfirmModal
        opened={confirming !== null}
        title={confirming?.confirm?.title ?? ''}
        confirmLabel={confirming?.confirm?.label ?? ''}
        loading={answer.isPending}
        onConfirm={() => confirming && void run(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming?.confirm?.text ?? ''}
      </ConfirmModal>
    </Group>
  );
}
