import {
  Alert,
  Button,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  TEAM_DESCRIPTION_MAX,
  TEAM_NAME_MAX,
  createTeamBodySchema,
  type CreateTeamBody,
  type Invitation,
  type JoinRequest,
  type TeamDetail,
} from '@teamup/shared';
import { useEffect, useRef, useState } from 'react';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { useCreateTeam } from '../../api/create-team';
import { FormModal } from '@/components/ui/form-modal';
import { WantedSkillsInput } from '../shared/wanted-skills-input';
import { notifyFailure, notifySuccess } from '../shared/notify';
import type { CourseTeamsCourse } from './course-teams-section';
import { pendingCancelledByCreate } from './pending-cancelled-by-create';

type CreateTeamValues = {
  name: string;
  description: string;
  maxSize: number | string;
  openToRequests: boolean;
  wantedSkills: string[];
};

const FIELDS = ['name', 'description', 'maxSize', 'openToRequests', 'wantedSkills'];

function toBody(values: CreateTeamValues): CreateTeamBody {
  return {
    name: values.name,
    description: values.description,
    maxSize: typeof values.maxSize === 'number' ? values.maxSize : Number.NaN,
    openToRequests: values.openToRequests,
    wantedSkills: values.wantedSkills,
  };
}

/** The student's pending requests and invitations in the course, which creating cancels. */
export type PendingInCourse = {
  requests: Pick<JoinRequest, 'teamName'>[];
  invitations: Pick<Invitation, 'teamName'>[];
};

type CreateTeamFormProps = {
  course: CourseTeamsCourse;
  pending: PendingInCourse;
  onCreated: (team: TeamDetail) => void;
  onCancel: () => void;
};

function CreateTeamForm({ course, pending, onCreated, onCancel }: CreateTeamFormProps) {
  const create = useCreateTeam(course.id);
  const [formError, setFormError] = useState<string | null>(null);
  const cancels = pendingCancelledByCreate(pending.requests, pending.invitations);
  // With something to cancel, the first submit asks; "Confirm" submits the form again.
  const [confirming, setConfirming] = useState(false);
  const warningRef = useRef<HTMLDivElement>(null);
  const createButtonRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // The focused button is replaced: focus follows to the warning, then back to the button.
    if (confirming) warningRef.current?.focus();
    else if (wasConfirming.current) createButtonRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const form = useForm<CreateTeamValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      description: '',
      maxSize: course.teamSizeMax,
      openToRequests: true,
      wantedSkills: [],
    },
    validate: (values) => {
      const errors = zodFieldErrors(createTeamBodySchema, toBody(values));
      // One message for the tags: a bad tag's message is the list's.
      const tag = Object.keys(errors).find((k) => k.startsWith('wantedSkills.'));
      if (tag && !errors.wantedSkills) errors.wantedSkills = errors[tag] ?? '';
      // The shared schema knows the global bound; the course's own maximum is checked here too.
      if (!errors.maxSize) {
        const size = toBody(values).maxSize ?? 0;
        if (!Number.isInteger(size) || size < 1 || size > course.teamSizeMax) {
          errors.maxSize = `Choose a size from 1 to ${course.teamSizeMax}`;
        }
      }
      return errors;
    },
    validateInputOnBlur: ['name', 'description', 'maxSize'],
  });

  const submit = form.onSubmit((values) => {
    if (cancels && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setFormError(null);
    // The schema trims the name and description, as the server stores them.
    const body = createTeamBodySchema.parse(toBody(values));
    create.mutate(body, {
      onSuccess: (team) => {
        notifySuccess('Team created', `${team.name} was created; you are its leader`);
        onCreated(team);
      },
      onError: (error) => {
        const split = splitApiError(error, FIELDS, {
          TEAM_NAME_TAKEN: 'name',
          MAX_SIZE_TOO_SMALL: 'maxSize',
        });
        form.setErrors(split.fieldErrors);
        setFormError(split.formError);
        notifyFailure('Could not create the team', error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create team">
      <Stack gap="md">
        {formError && (
          <Alert color="red.9" variant="outline" title="Could not create the team" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Team name"
          description="Unique within the course."
          required
          maxLength={TEAM_NAME_MAX}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          description="What you will build, how you like to work, who you are looking for."
          autosize
          minRows={3}
          maxRows={8}
          maxLength={TEAM_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <NumberInput
          label="Maximum size"
          description={`Including you; this course allows up to ${course.teamSizeMax} members.`}
          required
          min={1}
          max={course.teamSizeMax}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('maxSize')}
        />
        <WantedSkillsInput {...form.getInputProps('wantedSkills')} />
        <Switch
          label="Open to join requests"
          description="Classmates can ask to join; you accept or reject each request."
          {...form.getInputProps('openToRequests', { type: 'checkbox' })}
        />
        {confirming && cancels ? (
          <Alert
            ref={warningRef}
            tabIndex={-1}
            color="yellow.9"
            variant="outline"
            title="Your pending requests and invitations end here"
          >
            <Stack gap="sm">
              <Text size="sm">{cancels}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button type="submit" loading={create.isPending}>
                  Confirm
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} ref={createButtonRef}>
              Create team
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

type CreateTeamModalProps = {
  opened: boolean;
  course: CourseTeamsCourse;
  pending: PendingInCourse;
  onClose: () => void;
  onCreated?: (team: TeamDetail) => void;
};

export function CreateTeamModal({
  opened,
  course,
  pending,
  onClose,
  onCreated,
}: CreateTeamModalProps) {
  return (
    <FormModal
      opened={opened}
      title={`Create a team in ${course.code}`}
      onClose={onClose}
      size="lg"
    >
      <CreateTeamForm
        course={course}
        pending={pending}
        onCancel={onClose}
        onCreated={(team) => {
          onClose();
          onCreated?.(team);
        }}
      />
    </FormModal>
  );
}
