import {
  Alert,
  Button,
  Group,
  NumberInput,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  TEAM_DESCRIPTION_MAX,
  TEAM_NAME_MAX,
  updateTeamBodySchema,
  type TeamDetail,
  type UpdateTeamBody,
} from '@teamup/shared';
import { useState } from 'react';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { useUpdateTeam } from '../../api/update-team';
import { notifyFailure, notifySuccess } from '../shared/notify';
import { FormModal } from '@/components/ui/form-modal';
import { WantedSkillsInput } from '../shared/wanted-skills-input';
import type { Gate } from './team-rules';

type EditValues = {
  name: string;
  description: string;
  openToRequests: boolean;
  maxSize: number | string;
  wantedSkills: string[];
};

const FIELDS = ['name', 'description', 'openToRequests', 'maxSize', 'wantedSkills'];

const sameSkills = (a: string[], b: string[]) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/** The size limit may go from the current member count up to the course's maximum. */
export function maxSizeBounds(team: TeamDetail) {
  return { min: Math.max(1, team.memberCount), max: team.course.teamSizeMax };
}

/** Only what changed is sent: the server audits exactly those fields. */
function changedFields(team: TeamDetail, values: EditValues): UpdateTeamBody {
  const body: UpdateTeamBody = {};
  const name = values.name.trim();
  const description = values.description.trim();
  if (name !== team.name) body.name = name;
  if (description !== team.description) body.description = description;
  if (values.openToRequests !== team.openToRequests) body.openToRequests = values.openToRequests;
  if (typeof values.maxSize === 'number' && values.maxSize !== team.maxSize) {
    body.maxSize = values.maxSize;
  }
  if (!sameSkills(values.wantedSkills, team.wantedSkills)) body.wantedSkills = values.wantedSkills;
  return body;
}

type EditTeamFormProps = { team: TeamDetail; maxSizeGate: Gate; onDone: () => void };

function EditTeamForm({ team, maxSizeGate, onDone }: EditTeamFormProps) {
  const update = useUpdateTeam();
  const [formError, setFormError] = useState<string | null>(null);
  const { min, max } = maxSizeBounds(team);
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: {
      name: team.name,
      description: team.description,
      openToRequests: team.openToRequests,
      maxSize: team.maxSize,
      wantedSkills: team.wantedSkills,
    },
    validate: (values) => {
      const maxSize = typeof values.maxSize === 'number' ? values.maxSize : Number.NaN;
      // The shared schema checks each field; the bounds depend on this team and course.
      const errors = zodFieldErrors(updateTeamBodySchema, { ...values, maxSize });
      // One message for the tags: a bad tag's message is the list's.
      const tag = Object.keys(errors).find((k) => k.startsWith('wantedSkills.'));
      if (tag && !errors.wantedSkills) errors.wantedSkills = errors[tag] ?? '';
      if (!Number.isInteger(maxSize)) errors.maxSize = 'Enter a whole number';
      // An unchanged limit is not sent, so it cannot be refused (the course maximum may have
      // dropped since it was set).
      else if (maxSize === team.maxSize) delete errors.maxSize;
      else if (maxSize < min) errors.maxSize = `At least ${min}, the current number of members`;
      else if (maxSize > max) errors.maxSize = `At most ${max}, the course's maximum team size`;
      return errors;
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = changedFields(team, values);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { teamId: team.id, body },
      {
        onSuccess: (updated) => {
          notifySuccess('Team updated', `${updated.name} updated`);
          onDone();
        },
        onError: (error) => {
          const { fieldErrors, formError: rest } = splitApiError(error, FIELDS, {
            TEAM_NAME_TAKEN: 'name',
            MAX_SIZE_TOO_SMALL: 'maxSize',
          });
          form.setErrors(fieldErrors);
          setFormError(rest);
          notifyFailure('Could not update the team', error);
        },
      },
    );
  });

  const sizeHelp =
    min === max
      ? `Fixed at ${max}: the team has ${team.memberCount} members and the course allows at most ${max}.`
      : `Between ${min} (the current number of members) and ${max} (the course's maximum).`;

  return (
    <form onSubmit={submit} noValidate aria-label="Edit team">
      <Stack gap="md">
        {formError && (
          <Alert color="red.9" variant="outline" title="Could not save the team" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Team name"
          required
          maxLength={TEAM_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          description="What the team works on, how it meets, whom it looks for."
          autosize
          minRows={3}
          maxRows={8}
          maxLength={TEAM_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <NumberInput
          label="Maximum members"
          description={maxSizeGate.ok ? sizeHelp : maxSizeGate.reason}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          // Out-of-range values get a message saying why, rather than being silently changed.
          clampBehavior="none"
          disabled={!maxSizeGate.ok}
          {...form.getInputProps('maxSize')}
        />
        <WantedSkillsInput {...form.getInputProps('wantedSkills')} />
        <Switch
          label="Open to join requests"
          description="When off, students cannot ask to join; you can still invite classmates."
          {...form.getInputProps('openToRequests', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type EditTeamModalProps = {
  team: TeamDetail;
  maxSizeGate: Gate;
  opened: boolean;
  onClose: () => void;
};

export function EditTeamModal({ team, maxSizeGate, opened, onClose }: EditTeamModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={`Edit ${team.name}`} size="lg">
      <EditTeamForm team={team} maxSizeGate={maxSizeGate} onDone={onClose} />
    </FormModal>
  );
}
