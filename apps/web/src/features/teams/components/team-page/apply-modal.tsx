import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEAM_MESSAGE_MAX, applyBodySchema, type TeamDetail } from '@teamup/shared';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { useApplyToTeam } from '../../api/apply-to-team';
import { notifyFailure, notifySuccess } from '../shared/notify';
import { TeamModal } from './team-modal';

type ApplyFormProps = { team: TeamDetail; onDone: () => void };

function ApplyForm({ team, onDone }: ApplyFormProps) {
  const apply = useApplyToTeam();
  const form = useForm({
    mode: 'controlled',
    initialValues: { message: '' },
    validate: (values) => zodFieldErrors(applyBodySchema, values),
  });

  const submit = form.onSubmit((values) => {
    const body = applyBodySchema.parse(values);
    apply.mutate(
      { teamId: team.id, ...body },
      {
        onSuccess: () => {
          notifySuccess('Request sent', `Request sent to ${team.name}`);
          onDone();
        },
        onError: (error) => {
          const { fieldErrors } = splitApiError(error, ['message']);
          if (Object.keys(fieldErrors).length > 0) {
            form.setErrors(fieldErrors);
            return;
          }
          // A refusal (full, closed, deadline) will not change by retrying: say why and close.
          notifyFailure(`Could not send your request to ${team.name}`, error);
          onDone();
        },
      },
    );
  });

  const length = form.getValues().message.length;
  return (
    <form onSubmit={submit} noValidate aria-label={`Ask to join ${team.name}`}>
      <Stack gap="md">
        <Text size="sm">
          The leader, {team.leader.fullname}, decides. You can withdraw your request until then.
        </Text>
        <Textarea
          label="Message to the leader (optional)"
          description={`Say what you can bring to the team. ${length}/${TEAM_MESSAGE_MAX}`}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={TEAM_MESSAGE_MAX}
          data-autofocus
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={apply.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={apply.isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ApplyModalProps = { team: TeamDetail; opened: boolean; onClose: () => void };

export function ApplyModal({ team, opened, onClose }: ApplyModalProps) {
  return (
    <TeamModal opened={opened} onClose={onClose} title={`Ask to join ${team.name}`}>
      <ApplyForm team={team} onDone={onClose} />
    </TeamModal>
  );
}
