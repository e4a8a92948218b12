import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FormationProposal, Placement, ProposedTeam } from '@teamup/shared';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/query-state';
import { useApplyFormation } from '../api/apply-formation';
import {
  applyBody,
  canTake,
  initialEdits,
  isTarget,
  mergedAway,
  seatsTaken,
  teamNameError,
  type ProposalEdits,
} from '../utils/proposal';
import { ApiErrorAlert } from './api-error-alert';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type ProposalViewProps = {
  proposal: FormationProposal;
  /** Asks for a fresh proposal with the same options (after a STALE_PROPOSAL refusal). */
  onPreviewAgain: () => void;
  previewing: boolean;
  /** The placement was applied: the proposal is spent. */
  onApplied: () => void;
};

/** A proposal the admin reads, adjusts (moves, names) and applies. */
export function ProposalView({
  proposal,
  onPreviewAgain,
  previewing,
  onApplied,
}: ProposalViewProps) {
  const [edits, setEdits] = useState<ProposalEdits>(() => initialEdits(proposal));
  const [confirming, setConfirming] = useState(false);
  const apply = useApplyFormation();
  const body = useMemo(() => applyBody(proposal, edits), [proposal, edits]);
  const merged = useMemo(() => mergedAway(proposal), [proposal]);
  const namesOk = body.newTeams.every((t) => teamNameError(proposal, edits, t.key) === null);
  const stale = apply.error?.code === 'STALE_PROPOSAL';

  const placedIn = (key: string) =>
    proposal.placements.filter((p) => edits.teamOf[p.userId] === key);
  // Teams the proposal touches (new ones, those receiving someone); the others stay as they are.
  const shown = proposal.teams.filter((t) => t.teamId === null || placedIn(t.key).length > 0);
  const mergedTeams = proposal.teams.filter((t) => merged.has(t.key));
  const untouched = proposal.teams.length - shown.length - mergedTeams.length;
  const { summary } = proposal;

  const onApply = () =>
    apply.mutate(
      { courseId: proposal.courseId, body },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'green',
            title: 'Placement applied',
            message: `${plural(result.placed, 'student')} placed, ${plural(result.createdTeams.length, 'new team')} created. Everyone placed was notified.`,
          });
          onApplied();
        },
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Stack gap="md" aria-labelledby="formation-proposal-heading" component="section">
      <Title order={3} fz="md" id="formation-proposal-heading">
        Proposal
      </Title>
      <Group gap="xs" wrap="wrap" aria-label="Summary" role="group">
        <Badge color="teal.9" size="lg">
          {plural(summary.placed, 'student')} placed
        </Badge>
        <Badge color="blue.9" size="lg">
          {plural(summary.newTeams, 'new team')}
        </Badge>
        <Badge color={summary.underMinimum > 0 ? 'yellow.5' : 'gray.7'} autoContrast size="lg">
          {plural(summary.underMinimum, 'team')} under the minimum
        </Badge>
        <Text size="xs" c="dimmed">
          Seed {proposal.seed} (the same seed gives the same proposal while the course is unchanged)
        </Text>
      </Group>
      {summary.underMinimum > 0 && summary.underMinimumReason && (
        // A note, not an alert: it explains the proposal rather than reporting a failure.
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{summary.underMinimumReason}</Text>
        </Group>
      )}

      {shown.length === 0 ? (
        <EmptyState>Nobody to place: every active student has a team.</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {shown.map((team) => (
            <ProposedTeamCard
              key={team.key}
              team={team}
              targets={proposal.teams.filter((t) => isTarget(t, merged))}
              nameError={team.teamId === null ? teamNameError(proposal, edits, team.key) : null}
              placed={placedIn(team.key)}
              edits={edits}
              onEdit={setEdits}
            />
          ))}
        </SimpleGrid>
      )}
      {mergedTeams.length > 0 && (
        <Text size="sm">
          Merged into other teams (their members are placed above):{' '}
          {mergedTeams.map((t) => t.name).join(', ')}.
        </Text>
      )}
      {untouched > 0 && (
        <Text size="sm" c="dimmed">
          {plural(untouched, 'other team')} unchanged.
        </Text>
      )}

      {proposal.unplaced.length > 0 && (
        <Stack gap="xs">
          <Title order={4} fz="sm">
            Not placed ({proposal.unplaced.length})
          </Title>
          <List size="sm" spacing={4}>
            {proposal.unplaced.map((u) => (
              <List.Item key={u.student.userId}>
                <Text span size="sm" fw={600}>
                  {u.student.fullname}
                </Text>{' '}
                <Text span size="sm" c="dimmed">
                  — {u.reason}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}

      {stale ? (
        <Alert
          color="red.9"
          variant="outline"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title="The course changed since this preview"
        >
          <Text size="sm" mb="sm">
            Someone joined, left or changed a team after this proposal was made, so it was not
            applied. Preview again to see a proposal for the course as it is now.
          </Text>
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            loading={previewing}
            onClick={onPreviewAgain}
          >
            Preview again
          </Button>
        </Alert>
      ) : (
        apply.isError && <ApiErrorAlert title="The placement was not applied" error={apply.error} />
      )}

      <Group justify="flex-end">
        <Button
          onClick={() => setConfirming(true)}
          disabled={body.placements.length === 0 || stale || !namesOk}
        >
          Apply placement
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title="Apply placement"
        confirmLabel="Apply placement"
        destructive={false}
        loading={apply.isPending}
        onConfirm={onApply}
        onClose={() => setConfirming(false)}
      >
        {`Place ${plural(body.placements.length, 'student')} and create ${plural(body.newTeams.length, 'new team')}? Everyone placed is notified.`}
      </ConfirmModal>
    </Stack>
  );
}

type ProposedTeamCardProps = {
  team: ProposedTeam;
  /** The teams a placed student may be moved to. */
  targets: ProposedTeam[];
  nameError: string | null;
  placed: Placement[];
  edits: ProposalEdits;
  onEdit: (update: (edits: ProposalEdits) => ProposalEdits) => void;
};

function ProposedTeamCard({
  team,
  targets,
  nameError,
  placed,
  edits,
  onEdit,
}: ProposedTeamCardProps) {
  const isNew = team.teamId === null;
  const name = isNew ? (edits.names[team.key] ?? team.name) : team.name;
  const taken = seatsTaken(team, edits);
  const headingId = `proposed-team-${team.key}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} id={headingId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {name || team.name}
          </Text>
          <Group gap={6} wrap="nowrap">
            {isNew && <Badge color="blue.9">New</Badge>}
            <Text size="sm">
              {taken}/{team.maxSize}
            </Text>
          </Group>
        </Group>
        {isNew && (
          <TextInput
            label="Team name"
            aria-label={`Name of ${team.name}`}
            value={name}
            maxLength={80}
            error={placed.length > 0 ? nameError : null}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onEdit((prev) => ({ ...prev, names: { ...prev.names, [team.key]: value } }));
            }}
          />
        )}
        {team.members.length > 0 && (
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              Members
            </Text>
            <List size="sm" spacing={2}>
              {team.members.map((m) => (
                <List.Item key={m.userId}>{m.fullname}</List.Item>
              ))}
            </List>
          </div>
        )}
        {placed.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody placed here: this new team will not be created.
          </Text>
        ) : (
          <Stack gap="sm">
            {placed.map((p) => (
              <PlacedStudent
                key={p.userId}
                placement={p}
                current={team}
                targets={targets}
                edits={edits}
                onMove={(key) =>
                  onEdit((prev) => ({ ...prev, teamOf: { ...prev.teamOf, [p.userId]: key } }))
                }
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

type PlacedStudentProps = {
  placement: Placement;
  current: ProposedTeam;
  targets: ProposedTeam[];
  edits: ProposalEdits;
  onMove: (teamKey: string) => void;
};

function PlacedStudent({ placement, current, targets, edits, onMove }: PlacedStudentProps) {
  const options = targets.map((t) => {
    const full = t.key !== current.key && !canTake(t, edits);
    const name = t.teamId === null ? (edits.names[t.key] ?? t.name) : t.name;
    return {
      value: t.key,
      label: `${name} (${seatsTaken(t, edits)}/${t.maxSize}${full ? ', full' : ''})`,
      disabled: full,
    };
  });
  return (
    <Stack gap={4} p="xs" style={{ borderLeft: '3px solid var(--mantine-color-teal-7)' }}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {placement.student.fullname}
        </Text>
        <Badge color="teal.9" size="sm">
          Placed
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {placement.explanation}
      </Text>
      <NativeSelect
        size="xs"
        label="Move to…"
        aria-label={`Move ${placement.student.fullname} to…`}
        data={options}
        value={current.key}
        onChange={(e) => onMove(e.currentTarget.value)}
      />
    </Stack>
  );
}
