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
  type TeamDetail,
} from '@teamup/shared';
import { useMemo, useState } from 'react';
import { UserAvatar } from '@/components/ui/user-avatar';
import { splitApiError } from '@/lib/form-errors';
import { useTeamlessClassmates } from '../../api/get-classmates';
import { useJoinRequests } from '../../api/get-join-requests';
import { useTeamInvitations } from '../../api/get-team-invitations';
import { useInviteClassmate } from '../../api/invite-classmate';
import { notifyFailure, notifySuccess } from '../shared/notify';
import { TeamModal } from './team-modal';

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

type InviteFormProps = { team: TeamDetail; onDone: () => void };

function InviteForm({ team, onDone }: InviteFormProps) {
  const invite = useInviteClassmate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const classmates = useTeamlessClassmates(team.courseId, {
    search: debounced || undefined,
    limit: PICKER_LIMIT,
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type InviteModalProps = { team: TeamDetail; opened: boolean; onClose: () => void };

export function InviteModal({ team, opened, onClose }: InviteModalProps) {
  return (
    <TeamModal opened={opened} onClose={onClose} title="Invite a classmate" size="lg">
      <InviteForm team={team} onDone={onClose} />
    </TeamModal>
  );
}
