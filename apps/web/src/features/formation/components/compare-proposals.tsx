import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormationApplyResult } from '@teamup/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { countOf } from '@/lib/format';
import { useApplyFormation } from '../api/apply-formation';
import type { KeptProposal } from '../utils/kept-proposals';
import { applyBody } from '../utils/proposal';
import { ApiErrorAlert } from './api-error-alert';
import { percent } from './criteria-summary';

type CompareProposalsProps = {
  kept: KeptProposal[];
  /** The kept preview shown in the editor, if one is. */
  openedId: string | null;
  onOpen: (entry: KeptProposal) => void;
  onRemove: (id: string) => void;
  onApplied: (result: FormationApplyResult) => void;
};

/** The options a kept preview was made with, in a few words. */
export function settingsText(k: KeptProposal): string {
  const o = k.proposal.options;
  return [
    o.useSurvey ? 'by the survey' : 'by choices and skills',
    o.useSurvey && !o.keepSelfFormedTeams ? 'self-formed teams re-formed' : null,
    o.mergeUnderMinimum ? 'merges' : null,
    o.leaveClosedTeamsAlone ? null : 'closed teams filled',
    o.excludeUserIds.length ? `${countOf(o.excludeUserIds.length, 'student')} excluded` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

const rulesText = (k: KeptProposal) =>
  k.broken === null
    ? '—'
    : k.broken === 0
      ? k.rules > 0
        ? 'All kept'
        : 'No rules'
      : `${countOf(k.broken, 'rule')} not kept`;

const score = (v: number | null) => (v === null ? '—' : percent(v));

/**
 * Issue 36: the previews the admin kept, side by side (a table; one card each on a phone): the
 * proposal number, settings, lowest and mean team score, rules kept, students placed; any one can
 * be reopened in the editor or applied as kept (refused when the course changed since).
 */
export function CompareProposals({
  kept,
  openedId,
  onOpen,
  onRemove,
  onApplied,
}: CompareProposalsProps) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [applying, setApplying] = useState<KeptProposal | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const apply = useApplyFormation();
  if (kept.length === 0) return null;
  // The one kept preview with the highest lowest score, when one stands out.
  const best = Math.max(...kept.map((k) => k.lowest ?? -1));
  const leaders = kept.filter((k) => k.lowest !== null && k.lowest === best).length;
  const isBest = (k: KeptProposal) => leaders === 1 && kept.length > 1 && k.lowest === best;
  const name = (k: KeptProposal) => `Proposal ${k.proposal.seed}${k.edited ? ' (edited)' : ''}`;

  const onApply = () => {
    if (!applying) return;
    const entry = applying;
    setRefused(null);
    apply.mutate(
      { courseId: entry.proposal.courseId, body: applyBody(entry.proposal, entry.edits) },
      {
        onSuccess: (result) => onApplied(result),
        onError: () => setRefused(entry.id),
        onSettled: () => setApplying(null),
      },
    );
  };
  const actions = (k: KeptProposal) => (
    <Group gap={6} wrap="wrap">
      <Button size="xs" onClick={() => setApplying(k)} aria-label={`Apply ${name(k)}`}>
        Apply this one
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => onOpen(k)}
        disabled={openedId === k.id}
        aria-label={`Open ${name(k)} in the editor`}
      >
        {openedId === k.id ? 'In the editor' : 'Open'}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="gray"
        onClick={() => onRemove(k.id)}
        aria-label={`Remove ${name(k)}`}
      >
        Remove
      </Button>
    </Group>
  );
  const failed = refused ? kept.find((k) => k.id === refused) : undefined;

  return (
    <Stack gap="xs" component="section" aria-labelledby="kept-previews-heading">
      <Title order={3} fz="md" id="kept-previews-heading">
        Kept previews ({kept.length})
      </Title>
      <Text size="sm" c="dimmed">
        Each kept as it was when you kept it, edits included. Scores run from 0% to 100%; the lowest
        team score is what placement raises first.
      </Text>
      {narrow ? (
        <Stack gap="xs">
          {kept.map((k) => (
            <Card
              key={k.id}
              withBorder
              radius="md"
              padding="sm"
              component="article"
              aria-label={name(k)}
            >
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{name(k)}</Text>
                  {isBest(k) && (
                    <Badge color="teal.9" size="sm">
                      Highest lowest score
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{settingsText(k)}</Text>
                <Text size="sm">
                  Lowest team {score(k.lowest)} · mean {score(k.mean)}
                </Text>
                <Text size="sm">
                  Rules: {rulesText(k)} · {countOf(k.placed, 'student')} placed ·{' '}
                  {countOf(k.newTeams, 'new team')}
                </Text>
                {actions(k)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table withTableBorder verticalSpacing={6} fz="sm" aria-label="Kept previews side by side">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Proposal</Table.Th>
              <Table.Th scope="col">Settings</Table.Th>
              <Table.Th scope="col" ta="right">
                Lowest team
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Mean
              </Table.Th>
              <Table.Th scope="col">Rules</Table.Th>
              <Table.Th scope="col" ta="right">
                Placed
              </Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kept.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Th scope="row" fw={600}>
                  {name(k)}
                </Table.Th>
                <Table.Td>{settingsText(k)}</Table.Td>
                <Table.Td ta="right">
                  {score(k.lowest)}
                  {isBest(k) && (
                    <Badge color="teal.9" size="xs" ml={6}>
                      Highest
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{score(k.mean)}</Table.Td>
                <Table.Td>{rulesText(k)}</Table.Td>
                <Table.Td ta="right">
                  {k.placed}
                  {k.newTeams > 0 ? `, ${countOf(k.newTeams, 'new team')}` : ''}
                </Table.Td>
                <Table.Td>{actions(k)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {failed &&
        apply.error &&
        (apply.error.code === 'STALE_PROPOSAL' ? (
          <Alert
            color="red.9"
            variant="outline"
            role="alert"
            icon={<IconAlertTriangle aria-hidden />}
            title={`${name(failed)} was not applied`}
          >
            <Text size="sm">
              The course changed since this preview (someone joined, left or asked to join a team),
              so it can no longer be applied. Preview again for the course as it is now.
            </Text>
          </Alert>
        ) : (
          <ApiErrorAlert title={`${name(failed)} was not applied`} error={apply.error} />
        ))}
      <ConfirmModal
        // One guard against a double press per proposal asked about.
        key={applying?.id ?? 'none'}
        opened={applying !== null}
        title="Apply this proposal"
        confirmLabel="Apply placement"
        destructive={false}
        loading={apply.isPending}
        onConfirm={onApply}
        onClose={() => setApplying(null)}
      >
        {applying
          ? `Apply ${name(applying)}: place ${countOf(applying.placed, 'student')} and create ${countOf(applying.newTeams, 'new team')}? Everyone placed is notified.`
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
