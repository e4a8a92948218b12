import { Alert, Badge, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ProposalNotes } from './proposal-notes';
import type { FormationApplyResult, FormationProposal } from '@teamup/shared';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/query-state';
import { countOf } from '@/lib/format';
import { useApplyFormation } from '../api/apply-formation';
import {
  applyBody,
  initialEdits,
  isTarget,
  mergedAway,
  teamNameError,
  type ProposalEdits,
} from '../utils/proposal';
import { ApiErrorAlert } from './api-error-alert';
import { CriteriaSummary } from './criteria-summary';
import { Disclosure } from './disclosure';
import { ProposedTeamCard } from './proposed-team-card';

type ProposalViewProps = {
  proposal: FormationProposal;
  /** Asks for a fresh proposal with the same options (after a STALE_PROPOSAL refusal). */
  onPreviewAgain: () => void;
  previewing: boolean;
  /** The placement was applied: the proposal is spent. */
  onApplied: (result: FormationApplyResult) => void;
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
  // Teams shown open; all closed at first, so the proposal reads as a list on a phone.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
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
  const allOpen = shown.length > 0 && shown.every((t) => open.has(t.key));
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const { summary } = proposal;

  const onApply = () =>
    apply.mutate(
      { courseId: proposal.courseId, body },
      {
        // The result is shown in place and takes the focus (applied-result.tsx): no toast.
        onSuccess: (result) => {
          onApplied(result);
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
          {countOf(summary.placed, 'student')} placed
        </Badge>
        <Badge color="blue.9" size="lg">
          {countOf(summary.newTeams, 'new team')}
        </Badge>
        <Badge color={summary.underMinimum > 0 ? 'yellow.5' : 'gray.7'} autoContrast size="lg">
          {countOf(summary.underMinimum, 'team')} under the minimum
        </Badge>
      </Group>
      {proposal.criteria && <CriteriaSummary criteria={proposal.criteria} teams={proposal.teams} />}
      {summary.underMinimum > 0 && summary.underMinimumReason && (
        // A note, not an alert: it explains the proposal rather than reporting a failure.
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{summary.underMinimumReason}</Text>
        </Group>
      )}
      <ProposalNotes proposal={proposal} />

      {shown.length === 0 ? (
        <EmptyState>Nobody to place: every active student has a team.</EmptyState>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              Open a team to rename it, see why each student goes there or move someone.
            </Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => setOpen(allOpen ? new Set() : new Set(shown.map((t) => t.key)))}
            >
              {allOpen ? 'Close every team' : 'Open every team'}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" style={{ alignItems: 'start' }}>
            {shown.map((team) => (
              <ProposedTeamCard
                key={team.key}
                team={team}
                criteria={proposal.criteria}
                targets={proposal.teams.filter((t) => isTarget(t, merged))}
                nameError={team.teamId === null ? teamNameError(proposal, edits, team.key) : null}
                placed={placedIn(team.key)}
                edits={edits}
                onEdit={setEdits}
                open={open.has(team.key)}
                onToggle={() => toggle(team.key)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {mergedTeams.length > 0 && (
        <Text size="sm">
          Merged into other teams (their members are placed above):{' '}
          {mergedTeams.map((t) => t.name).join(', ')}.
        </Text>
      )}
      {untouched > 0 && (
        <Text size="sm" c="dimmed">
          {countOf(untouched, 'other team')} unchanged.
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

      <Disclosure label="About this proposal">
        <Text size="sm" mt="xs">
          This is proposal number {proposal.seed}. Each preview makes a new proposal; to see this
          one again, enter {proposal.seed} as the proposal number under Advanced options and preview
          with the same options. It comes back the same while nobody joins, leaves or asks to join a
          team and the enrollments stay as they are.
        </Text>
      </Disclosure>

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

      <Group justify="flex-end" gap="sm">
        {!namesOk && (
          <Text size="sm" id="formation-names-note">
            A new team's name needs changing (marked above) before applying.
          </Text>
        )}
        <Button
          onClick={() => setConfirming(true)}
          disabled={body.placements.length === 0 || stale || !namesOk}
          aria-describedby={namesOk ? undefined : 'formation-names-note'}
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
        {`Place ${countOf(body.placements.length, 'student')} and create ${countOf(body.newTeams.length, 'new team')}? Everyone placed is notified.`}
      </ConfirmModal>
    </Stack>
  );
}
