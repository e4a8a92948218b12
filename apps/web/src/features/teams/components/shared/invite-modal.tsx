import {
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  type ComboboxItem,
  type ComboboxLikeRenderOptionInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import {
  TEAM_MESSAGE_MAX,
  inviteBodySchema,
  type Classmate,
  type TeamSummary,
} from '@teamup/shared';
import { useMemo, useState } from 'react';
import { UserAvatar } from '@/components/ui/user-avatar';
import { splitApiError } from '@/lib/form-errors';
import { useCourseClassmates } from '../../api/get-course-classmates';
import { useJoinRequests } from '../../api/get-join-requests';
import { useTeamInvitations } from '../../api/get-team-invitations';
import { useInviteClassmate } from '../../api/invite-classmate';
import { FormModal } from '@/components/ui/form-modal';
import { notifyFailure, notifySuccess } from './notify';

// Few enough to show without a scrolling list (which keyboard users cannot reach); the search
// narrows the rest.
const PICKER_LIMIT = 8;
const SEARCH_DEBOUNCE_MS = 300;

type ClassmateOption = ComboboxItem & { classmate: Classmate };

function renderClassmate({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) {
  const { classmate } = option as ClassmateOption;
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar fullname={classmate.fullname} avatar={classmate.avatar} size="sm" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm">{classmate.fullname}</Text>
        <Text size="xs" c="dimmed" truncate>
          {classmate.skills.length > 0 ? classmate.skills.join(', ') : classmate.email}
        </Text>
      </Stack>
    </Group>
  );
}

/** "Ann, Bob, Cy and 2 more" */
function names(list: string[], shown = 3): string {
  if (list.length <= shown) return list.join(', ');
  return `${list.slice(0, shown).join(', ')} and ${list.length - shown} more`;
}

export type InviteTeam = Pick<TeamSummary, 'id' | 'name' | 'courseId' | 'courseCode'>;

type InviteFormProps = { team: InviteTeam; onDone: () => void };

/** The leader picks a classmate without a team from a searchable list. */
function PickClassmateForm({ team, onDone }: InviteFormProps) {
  const invite = useInviteClassmate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const classmates = useCourseClassmates(team.courseId, {
    page: 1,
    limit: PICKER_LIMIT,
    withoutTeam: 'true',
    ...(debounced ? { search: debounced } : {}),
  });
  // Who already has a pending invitation or request here: inviting them again would be refused.
  const invitations = useTeamInvitations(team.id, { page: 1, limit: 100 });
  const requests = useJoinRequests(team.id, { page: 1, limit: 100 });
  const [picked, setPicked] = useState<Classmate | null>(null);

  const invitedNames = invitations.data?.items.map((i) => i.invitee.fullname) ?? [];
  const requestedNames = requests.data?.items.map((r) => r.applicant.fullname) ?? [];

  // Classmates with a pending invitation or request here are left out: inviting them again
  // would only be refused. The note under the field says where they went.
  const options = useMemo<ClassmateOption[]>(() => {
    const pending = new Set([
      ...(invitations.data?.items.map((i) => i.invitee.id) ?? []),
      ...(requests.data?.items.map((r) => r.applicant.id) ?? []),
    ]);
    const list = classmates.data?.items ?? [];
    // Keep the chosen classmate selectable while a new search result is on screen.
    const all = picked && !list.some((c) => c.userId === picked.userId) ? [picked, ...list] : list;
    return all
      .filter((c) => !pending.has(c.userId))
      .map((classmate) => ({ value: classmate.userId, label: classmate.fullname, classmate }));
  }, [classmates.data, invitations.data, requests.data, picked]);

  const form = useForm({
    mode: 'controlled',
    initialValues: { userId: '', message: '' },
    validate: {
      userId: (value) => (value ? null : 'Choose a classmate to invite'),
      message: (value) =>
        inviteBodySchema.shape.message.safeParse(value).error?.issues[0]?.message ?? null,
    },
  });

  const submit = form.onSubmit((values) => {
    const body = inviteBodySchema.parse(values);
    const name = picked?.fullname ?? 'Your classmate';
    invite.mutate(
      { teamId: team.id, ...body },
      {
        onSuccess: (invitation) => {
          notifySuccess(
            'Invitation sent',
            `${invitation.invitee.fullname} was invited to ${team.name}`,
          );
          onDone();
        },
        onError: (error) => {
          const { fieldErrors } = splitApiError(error, ['userId', 'message'], {
            ALREADY_INVITED: 'userId',
            ALREADY_IN_TEAM: 'userId',
            ALREADY_REQUESTED: 'userId',
            NOT_ENROLLED: 'userId',
          });
          form.setErrors(fieldErrors);
          notifyFailure(`Could not invite ${name}`, error);
        },
      },
    );
  });

  const nothingFound = classmates.isError
    ? `Could not load your classmates: ${classmates.error.message}`
    : classmates.isFetching
      ? 'Searching…'
      : debounced
        ? `No classmate without a team matches "${debounced}"`
        : 'Every classmate is already in a team';

  return (
    <form onSubmit={submit} noValidate aria-label={`Invite a classmate to ${team.name}`}>
      <Stack gap="md">
        <Select
          label="Classmate"
          description={`Active students of ${team.courseCode} who are not in a team yet. Type a name or email to search; the first ${PICKER_LIMIT} matches are listed.`}
          placeholder="Search classmates"
          required
          searchable
          clearable
          data-autofocus
          data={options}
          searchValue={search}
          onSearchChange={setSearch}
          // The server already filtered by the search text.
          filter={({ options: all }) => all}
          renderOption={renderClassmate}
          nothingFoundMessage={nothingFound}
          rightSection={classmates.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
          withScrollArea={false}
          // Inside the dialog, so the open list stays within its landmark.
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('userId')}
          onChange={(value) => {
            form.setFieldValue('userId', value ?? '');
            setPicked(options.find((o) => o.value === value)?.classmate ?? null);
          }}
        />
        {(invitedNames.length > 0 || requestedNames.length > 0) && (
          <Stack gap={2}>
            {invitedNames.length > 0 && (
              <Text size="xs" c="dimmed">
                Already invited: {names(invitedNames)}.
              </Text>
            )}
            {requestedNames.length > 0 && (
              <Text size="xs" c="dimmed">
                Asked to join (accept their request instead): {names(requestedNames)}.
              </Text>
            )}
          </Stack>
        )}
        <Textarea
          label="Message (optional)"
          description={`Why you would like them in the team. At most ${TEAM_MESSAGE_MAX} characters.`}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={TEAM_MESSAGE_MAX}
          {...form.getInputProps('message')}
        />
        <InviteActions onCancel={onDone} pending={invite.isPending} />
      </Stack>
    </form>
  );
}

type InviteOneFormProps = InviteFormProps & { classmate: Pick<Classmate, 'userId' | 'fullname'> };

/** The leader invites one classmate, already chosen from the course's list. */
function InviteOneForm({ team, classmate, onDone }: InviteOneFormProps) {
  const invite = useInviteClassmate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { message: '' },
    validate: {
      message: (value) =>
        inviteBodySchema.shape.message.safeParse(value).error?.issues[0]?.message ?? null,
    },
  });

  const submit = form.onSubmit((values) => {
    const body = inviteBodySchema.parse({ userId: classmate.userId, message: values.message });
    invite.mutate(
      { teamId: team.id, ...body },
      {
        onSuccess: (invitation) => {
          notifySuccess(
            'Invitation sent',
            `${invitation.invitee.fullname} was invited to ${team.name}`,
          );
          onDone();
        },
        onError: (error) => {
          const { fieldErrors } = splitApiError(error, ['message']);
          notifyFailure(`Could not invite ${classmate.fullname}`, error);
          if (fieldErrors.message) form.setErrors(fieldErrors);
          // A refusal about the classmate or the team (already in a team, full, deadline) will
          // not change by editing the message: the dialog closes and the refreshed list shows it.
          else onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Invite ${classmate.fullname}`}>
      <Stack gap="md">
        <Text size="sm">
          {classmate.fullname} joins {team.name} as soon as they accept, if a seat is still free.
        </Text>
        <Textarea
          label="Message (optional)"
          description={`Why you would like them in the team. At most ${TEAM_MESSAGE_MAX} characters.`}
          placeholder="What the team is building and why you would like them on it"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={TEAM_MESSAGE_MAX}
          data-autofocus
          {...form.getInputProps('message')}
        />
        <InviteActions onCancel={onDone} pending={invite.isPending} />
      </Stack>
    </form>
  );
}

type InviteModalProps = {
  team: InviteTeam;
  /** Invite this classmate; without one, the leader picks from the classmates without a team. */
  classmate?: Pick<Classmate, 'userId' | 'fullname'> | null;
  opened: boolean;
  onClose: () => void;
};

/**
 * The leader invites a classmate without a team, with an optional message: the one invitation
 * dialog, opened from a classmate on the course page or from the team page's picker.
 */
export function InviteModal({ team, classmate, opened, onClose }: InviteModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={classmate ? `Invite ${classmate.fullname}` : 'Invite a classmate'}
      size={classmate ? 'md' : 'lg'}
    >
      {classmate ? (
        <InviteOneForm team={team} classmate={classmate} onDone={onClose} />
      ) : (
        <PickClassmateForm team={team} onDone={onClose} />
      )}
    </FormModal>
  );
}

/** Cancel and send, the same for inviting a chosen classmate and for picking one. */
function InviteActions({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        Send invitation
      </Button>
    </Group>
  );
}
