import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ProposalNotes } from './proposal-notes';
import type { FormationApplyResult, FormationProposal } from '@teamup/shared';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/query-state';
import type { ApiError } from '@/lib/api-client';
import { countOf } from '@/lib/format';
import { useApplyFormation } from '../api/apply-formation';
import { evaluateFormation, useFormationEvaluation } from '../api/evaluate-formation';
import { formationKeys } from '../api/query-keys';
import { keepEntry, type KeptProposal } from '../utils/kept-proposals';
import {
  applyBody,
  canTake,
  evaluateBody,
  initialEdits,
  isEdited,
  isLocked,
  isTarget,
  mergedAway,
  moveEdit,
  newViolations,
  swapEdit,
  teamName,
  teamNameError,
  toggleLock,
  underMinimum,
  withEvaluation,
  type ProposalEdits,
} from '../utils/proposal';
import { ApiErrorAlert } from './api-error-alert';
import { CriteriaSummary } from './criteria-summary';
import { Disclosure } from './disclosure';
import { ProposedTeamCard } from './proposed-team-card';

/** A move or swap waiting for the admin's yes: it breaks a rule the proposal kept. */
type PendingEdit = {
  next: ProposalEdits;
  what: string;
  broken: { team: string; detail: string }[];
};

type ProposalViewProps = {
  proposal: FormationProposal;
  /** Asks for a fresh proposal with the same options (after a STALE_PROPOSAL refusal). */
  onPreviewAgain: () => void;
  previewing: boolean;
  /** The placement was applied: the proposal is spent. */
  onApplied: (result: FormationApplyResult) => void;
  /** Edits to start from (a kept preview reopened), instead of the proposal's own. */
  startEdits?: ProposalEdits;
  /** Issue 36: keeps the proposal as shown, to compare it with others. */
  onKeep?: (entry: KeptProposal) => void;
  /** Takes the focus when shown (a kept preview reopened from the comparison below). */
  focusOnShow?: boolean;
};

/** A proposal the admin reads, adjusts (moves, names) and applies. */
export function ProposalView({
  proposal,
  onPreviewAgain,
  previewing,
  onApplied,
  startEdits,
  onKeep,
  focusOnShow = false,
}: ProposalViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  const [edits, setEdits] = useState<ProposalEdits>(() => startEdits ?? initialEdits(proposal));
  // Issue 36: the edits before each move, swap or lock, newest last (Undo takes the last back).
  const [history, setHistory] = useState<{ edits: ProposalEdits; what: string }[]>([]);
  const [pending, setPending] = useState<PendingEdit | null>(null);
  const [checking, setChecking] = useState(false);
  const [editError, setEditError] = useState<ApiError | null>(null);
  const [said, setSaid] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [keptNote, setKeptNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  // Teams shown open; all closed at first, so the proposal reads as a list on a phone.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const apply = useApplyFormation();
  const body = useMemo(() => applyBody(proposal, edits), [proposal, edits]);
  const merged = useMemo(() => mergedAway(proposal), [proposal]);
  const namesOk = body.newTeams.every((t) => teamNameError(proposal, edits, t.key) === null);

  // The edited assignment's scores (issue 36): asked for after each edit, a little after the last
  // of a quick series; the proposal's own while nothing moved.
  const edited = isEdited(proposal, edits);
  const scoring = proposal.criteria !== null && proposal.options.useSurvey;
  const wanted = useMemo(
    () => (scoring && edited ? evaluateBody(proposal, edits) : null),
    [scoring, edited, proposal, edits],
  );
  const [debounced] = useDebouncedValue(wanted, 250);
  const evaluation = useFormationEvaluation(proposal.courseId, wanted === null ? null : debounced);
  const current = wanted === null ? null : evaluation.data;
  const shown = useMemo(() => withEvaluation(proposal, current), [proposal, current]);
  const updating = wanted !== null && (wanted !== debounced || evaluation.isFetching);
  const staleError = [apply.error, editError, evaluation.error].find(
    (e) => e?.code === 'STALE_PROPOSAL',
  );
  const stale = staleError !== undefined;
  const nameOf = (key: string) => {
    const t = proposal.teams.find((x) => x.key === key);
    return t ? teamName(t, edits) : key;
  };
  const studentName = (userId: string) =>
    proposal.placements.find((p) => p.userId === userId)?.student.fullname ?? 'A student';

  const commit = (next: ProposalEdits, what: string) => {
    setHistory((h) => [...h, { edits, what }]);
    setEdits(next);
    setSaid(`${what}: done.`);
  };
  /**
   * A move or swap: with rules to keep, the edited assignment is scored first, and a rule it
   * breaks that the proposal kept is named before anything moves (decision 155).
   */
  const requestEdit = async (next: ProposalEdits, what: string) => {
    setEditError(null);
    if (!scoring || (proposal.criteria?.rules.length ?? 0) === 0) {
      commit(next, what);
      return;
    }
    setChecking(true);
    try {
      const candidate = evaluateBody(proposal, next);
      const result = await queryClient.fetchQuery({
        queryKey: formationKeys.evaluation(proposal.courseId, candidate),
        queryFn: ({ signal }) =>
          evaluateFormation({ courseId: proposal.courseId, body: candidate }, signal),
        staleTime: Infinity,
        retry: false,
      });
      const before = shown.criteria?.violations ?? [];
      const broken = newViolations(before, result.criteria?.violations ?? []);
      if (broken.length > 0) {
        setPending({
          next,
          what,
          broken: broken.map((v) => ({ team: nameOf(v.teamKey), detail: v.detail })),
        });
      } else {
        commit(next, what);
      }
    } catch (error) {
      setEditError(error as ApiError);
    } finally {
      setChecking(false);
    }
  };
  const onMove = (userId: string, key: string) => {
    if (edits.teamOf[userId] === key) return;
    void requestEdit(
      moveEdit(edits, userId, key),
      `Moving ${studentName(userId)} to ${nameOf(key)}`,
    );
  };
  const onSwap = (a: string, b: string) =>
    void requestEdit(swapEdit(edits, a, b), `Swapping ${studentName(a)} and ${studentName(b)}`);
  const onToggleLock = (key: string) =>
    commit(
      toggleLock(edits, key),
      `${isLocked(edits, key) ? 'Unlocking' : 'Locking'} ${nameOf(key)}`,
    );
  const undo = () => {
    const last = history.at(-1);
    if (!last) return;
    setHistory((h) => h.slice(0, -1));
    setEdits(last.edits);
    setEditError(null);
    setSaid(`Undone: ${last.what}.`);
  };
  const keep = () => {
    if (!onKeep) return;
    onKeep(keepEntry(proposal, shown, edits, edited));
    setKeptNote(
      `Kept proposal ${proposal.seed}${edited ? ' as edited' : ''}: compare it under “Kept previews”.`,
    );
  };
  const movable = (userId: string) => {
    const key = edits.teamOf[userId];
    return key !== undefined && !isLocked(edits, key);
  };
  const accepts = (key: string) => {
    if (dragging === null) return false;
    const team = proposal.teams.find((t) => t.key === key);
    return (
      !!team &&
      edits.teamOf[dragging] !== key &&
      isTarget(team, merged) &&
      !isLocked(edits, key) &&
      canTake(team, edits)
    );
  };

  const placedIn = (key: string) =>
    proposal.placements.filter((p) => edits.teamOf[p.userId] === key);
  // Teams the proposal touches (new ones, those receiving someone, as proposed or edited).
  const listed = shown.teams.filter(
    (t) =>
      t.teamId === null ||
      placedIn(t.key).length > 0 ||
      proposal.placements.some((p) => p.teamKey === t.key),
  );
  const mergedTeams = proposal.teams.filter((t) => merged.has(t.key));
  const untouched = proposal.teams.length - listed.length - mergedTeams.length;
  const allOpen = listed.length > 0 && listed.every((t) => open.has(t.key));
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const { summary } = proposal;
  const short = edited ? underMinimum(proposal, edits) : summary.underMinimum;
  const swapCandidates = proposal.placements
    .filter((p) => movable(p.userId))
    .map((p) => ({
      userId: p.userId,
      fullname: p.student.fullname,
      teamKey: edits.teamOf[p.userId]!,
      teamName: nameOf(edits.teamOf[p.userId]!),
    }));

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
      {/* Keep sits by the heading: in the Apply row it took a line of its own on a phone. */}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} fz="md" id="formation-proposal-heading" ref={heading} tabIndex={-1}>
          {startEdits ? `Proposal ${proposal.seed} (kept)` : 'Proposal'}
        </Title>
        {onKeep && (
          <Button
            variant="default"
            size="xs"
            onClick={keep}
            disabled={stale || updating || checking}
          >
            Keep this preview
          </Button>
        )}
      </Group>
      {keptNote && <Text size="sm">{keptNote}</Text>}
      <Group gap="xs" wrap="wrap" aria-label="Summary" role="group">
        <Badge color="teal.9" size="lg">
          {countOf(summary.placed, 'student')} placed
        </Badge>
        <Badge color="blue.9" size="lg">
          {countOf(summary.newTeams, 'new team')}
        </Badge>
        <Badge color={short > 0 ? 'yellow.5' : 'gray.7'} autoContrast size="lg">
          {countOf(short, 'team')} under the minimum
        </Badge>
        {edited && (
          <Badge color="grape.9" size="lg">
            Edited
          </Badge>
        )}
        {(updating || checking) && (
          <Text span size="xs" c="dimmed" aria-hidden>
            Updating the scores…
          </Text>
        )}
        {/* What an edit did, for a screen reader; out of the layout (the proposal stays short). */}
        <VisuallyHidden role="status" aria-live="polite">
          {updating || checking ? 'Updating the scores…' : said}
        </VisuallyHidden>
      </Group>
      {shown.criteria && <CriteriaSummary criteria={shown.criteria} teams={shown.teams} />}
      {!stale && editError && (
        <ApiErrorAlert title="That change could not be made" error={editError} />
      )}
      {!stale && evaluation.error && !editError && (
        <ApiErrorAlert title="The scores could not be updated" error={evaluation.error} />
      )}
      {!edited && summary.underMinimum > 0 && summary.underMinimumReason && (
        // A note, not an alert: it explains the proposal rather than reporting a failure.
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{summary.underMinimumReason}</Text>
        </Group>
      )}
      <ProposalNotes proposal={proposal} />

      {listed.length === 0 ? (
        <EmptyState>Nobody to place: every active student has a team.</EmptyState>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              Open a team to rename it, see why each student goes there, or move, swap or lock.
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                onClick={undo}
                disabled={history.length === 0}
                aria-label={history.length ? `Undo: ${history.at(-1)!.what}` : 'Undo the last edit'}
              >
                Undo
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => setOpen(allOpen ? new Set() : new Set(listed.map((t) => t.key)))}
              >
                {allOpen ? 'Close every team' : 'Open every team'}
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" style={{ alignItems: 'start' }}>
            {listed.map((team) => (
              <ProposedTeamCard
                key={team.key}
                team={team}
                criteria={shown.criteria}
                targets={proposal.teams.filter(
                  (t) => isTarget(t, merged) && !isLocked(edits, t.key),
                )}
                nameError={team.teamId === null ? teamNameError(proposal, edits, team.key) : null}
                placed={placedIn(team.key)}
                edits={edits}
                onEdit={setEdits}
                open={open.has(team.key)}
                onToggle={() => toggle(team.key)}
                locked={isLocked(edits, team.key)}
                onToggleLock={() => onToggleLock(team.key)}
                onMove={onMove}
                onSwap={onSwap}
                swapCandidates={swapCandidates}
                busy={checking || stale}
                onDragStudent={setDragging}
                dropTarget={accepts(team.key)}
                onDropStudent={() => {
                  if (dragging !== null && accepts(team.key)) onMove(dragging, team.key);
                  setDragging(null);
                }}
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
          disabled={body.placements.length === 0 || stale || !namesOk || checking}
          aria-describedby={namesOk ? undefined : 'formation-names-note'}
        >
          Apply placement
        </Button>
      </Group>
      <ConfirmModal
        opened={pending !== null}
        title="This change breaks a rule"
        confirmLabel={
          pending && pending.what.startsWith('Swapping') ? 'Swap anyway' : 'Move anyway'
        }
        onConfirm={() => {
          if (pending) commit(pending.next, pending.what);
          setPending(null);
        }}
        onClose={() => setPending(null)}
      >
        {pending && (
          <Stack gap="xs">
            <Text size="sm">{`${pending.what} breaks ${pending.broken.length === 1 ? 'a rule the proposal keeps' : `${pending.broken.length} rules the proposal keeps`}:`}</Text>
            <List size="sm" spacing={2}>
              {pending.broken.map((b, i) => (
                <List.Item key={i}>
                  {b.team}: {b.detail}
                </List.Item>
              ))}
            </List>
            <Text size="sm">Nothing has moved yet.</Text>
          </Stack>
        )}
      </ConfirmModal>
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
