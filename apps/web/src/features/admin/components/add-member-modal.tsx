import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Enrollment, TeamDetail } from '@teamup/shared';
import { useMemo, useState } from 'react';
import { ErrorAlert } from '@/components/ui/query-state';
import { useAddTeamMember } from '../api/add-team-member';
import { useTeamCandidates } from '../api/get-team-candidates';
import { notifyFailure, notifySuccess } from './notify';

const SEARCH_DEBOUNCE_MS = 300;

type AddMemberModalProps = {
  courseId: string;
  team: TeamDetail;
  opened: boolean;
  onClose: () => void;
};

function candidateLabel(e: Enrollment, teamId: string): string {
  const where = !e.team ? 'no team' : e.team.id === teamId ? 'already in this team' : e.team.name;
  return `${e.fullname} (${e.email}) · ${where}`;
}

export function AddMemberModal({ courseId, team, opened, onClose }: AddMemberModalProps) {
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [picked, setPicked] = useState<Enrollment | null>(null);
  // Picking an option puts its label in the search box; that is not a new search.
  const term = picked && search === candidateLabel(picked, team.id) ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const candidates = useTeamCandidates(courseId, debounced, opened);
  const addition = useAddTeamMember();

  const options = useMemo(() => {
    const items = candidates.data?.items ?? [];
    // The picked student stays an option when a later page of results no longer holds them.
    const all = picked && !items.some((e) => e.id === picked.id) ? [picked, ...items] : items;
    return (
      all
        // An ACTIVE enrollment always has a user; the guard keeps the types honest.
        .filter((e): e is Enrollment & { userId: string } => e.userId !== null)
        .map((e) => ({
          value: e.userId,
          label: candidateLabel(e, team.id),
          disabled: e.team?.id === team.id,
          enrollment: e,
        }))
    );
  }, [candidates.data, picked, team.id]);
  const full = team.openSeats <= 0;

  const close = () => {
    setSearch('');
    setUserId(null);
    setPicked(null);
    addition.reset();
    onClose();
  };

  const submit = () => {
    if (!userId || !picked) return;
    addition.mutate(
      { teamId: team.id, userId },
      {
        onSuccess: ({ message }) => {
          notifySuccess(
            picked.team ? 'Student moved' : 'Student added',
            message ??
              (picked.team
                ? `${picked.fullname} moved from ${picked.team.name} to ${team.name}.`
                : `${picked.fullname} added to ${team.name}.`),
          );
          close();
        },
        onError: (error) => notifyFailure('Could not add the student', error),
      },
    );
  };

  return (
    <Modal.Root opened={opened} onClose={close} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's default header: a second banner landmark fails axe. */}
        <Modal.Header component="div">
          <Modal.Title fw={600}>Add or move a student to {team.name}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack>
            <Text size="sm" c="dimmed">
              Only students with an active enrollment in the course can be put in a team. A student
              already in another team is moved from it.
            </Text>
            {full && (
              <Alert color="yellow" variant="light" role="note">
                {team.name} has no free seat ({team.memberCount}/{team.maxSize}): the server will
                refuse until a member leaves or the leader raises the team size.
              </Alert>
            )}
            {candidates.isError ? (
              <ErrorAlert
                title="Could not load the students"
                error={candidates.error}
                onRetry={() => void candidates.refetch()}
              />
            ) : (
              <Select
                label="Student"
                placeholder="Search by name or email"
                searchable
                clearable
                data={options}
                value={userId}
                searchValue={search}
                onSearchChange={setSearch}
                // The server searches; filtering again here would hide its matches.
                filter={({ options: all }) => all}
                nothingFoundMessage={
                  candidates.isFetching ? 'Searching…' : 'No active student matches'
                }
                onChange={(value) => {
                  setUserId(value);
                  setPicked(options.find((o) => o.value === value)?.enrollment ?? null);
                }}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            {picked && (
              <Text size="sm" role="status">
                {picked.team
                  ? `${picked.fullname} will be moved from ${picked.team.name} to ${team.name}.`
                  : `${picked.fullname} will be added to ${team.name}.`}
              </Text>
            )}
            {addition.error && (
              <Alert color="red.9" variant="outline" role="alert">
                {addition.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={addition.isPending}>
                Cancel
              </Button>
              <Button onClick={submit} disabled={!picked} loading={addition.isPending}>
                {picked?.team ? 'Move student' : 'Add student'}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
