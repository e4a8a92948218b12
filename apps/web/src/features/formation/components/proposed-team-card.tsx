import {
  Badge,
  Card,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { FormationCriteria, Placement, ProposedTeam } from '@teamup/shared';
import { IconAlertTriangle, IconGripVertical, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { countOf } from '@/lib/format';
import { canTake, seatsTaken, type ProposalEdits } from '../utils/proposal';
import { percent, TeamCriteria } from './criteria-summary';
import { Chevron } from './disclosure';

const badgeInText = { verticalAlign: 'text-bottom' } as const;

type ProposedTeamCardProps = {
  team: ProposedTeam;
  /** The survey's part of the proposal (issue 27), or null without one. */
  criteria?: FormationCriteria | null;
  /** The teams a placed student may be moved to. */
  targets: ProposedTeam[];
  nameError: string | null;
  placed: Placement[];
  edits: ProposalEdits;
  onEdit: (update: (edits: ProposalEdits) => ProposalEdits) => void;
  open: boolean;
  onToggle: () => void;
  /** Issue 36: the editor. Locked by the admin: nobody moves in or out. */
  locked?: boolean;
  onToggleLock?: () => void;
  onMove?: (userId: string, teamKey: string) => void;
  onSwap?: (a: string, b: string) => void;
  /** Placed students who may be swapped (not in a locked team). */
  swapCandidates?: SwapCandidate[];
  /** An edit is being checked, or the proposal is stale: no new one. */
  busy?: boolean;
  onDragStudent?: (userId: string | null) => void;
  /** A student being dragged may be dropped here. */
  dropTarget?: boolean;
  onDropStudent?: () => void;
};

type SwapCandidate = { userId: string; fullname: string; teamKey: string; teamName: string };

/**
 * One team of the proposal: its name, seats and who is placed there in one line, the rest (names
 * to edit, members, why each student goes there, moves) on demand. Every team open at once made
 * the page of a course with 17 students to place over 7,000 px tall on a phone.
 */
export function ProposedTeamCard({
  team,
  criteria = null,
  targets,
  nameError,
  placed,
  edits,
  onEdit,
  open,
  onToggle,
  locked = false,
  onToggleLock,
  onMove,
  onSwap,
  swapCandidates = [],
  busy = false,
  onDragStudent,
  dropTarget = false,
  onDropStudent,
}: ProposedTeamCardProps) {
  const [over, setOver] = useState(false);
  const move =
    onMove ??
    ((userId: string, key: string) =>
      onEdit((prev) => ({ ...prev, teamOf: { ...prev.teamOf, [userId]: key } })));
  const isNew = team.teamId === null;
  const name = isNew ? (edits.names[team.key] ?? team.name) : team.name;
  const taken = seatsTaken(team, edits);
  const headingId = `proposed-team-${team.key}`;
  const panelId = `proposed-team-panel-${team.key}`;
  const shownError = placed.length > 0 ? nameError : null;
  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      component="article"
      aria-labelledby={headingId}
      data-drop-target={dropTarget || undefined}
      // Native drag and drop (issue 36): a placed student's card dropped on another team moves
      // them; the "Move to…" list is the same move by keyboard and on a phone.
      onDragOver={(e) => {
        if (!dropTarget) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onDropStudent?.();
      }}
      style={
        over && dropTarget
          ? { outline: '3px solid var(--mantine-color-teal-6)', outlineOffset: 2 }
          : dropTarget
            ? { outline: '2px dashed var(--mantine-color-teal-6)', outlineOffset: 2 }
            : undefined
      }
    >
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={panelId}
        p="sm"
        w="100%"
        style={{ display: 'block', borderRadius: 'inherit' }}
      >
        {/* The name has the line to itself (only the short seat count beside it): with the badges
            beside it too, a course-coded name broke into three narrow lines on a phone. */}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Chevron open={open} />
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600} id={headingId} lh={1.3} miw={0} style={{ overflowWrap: 'anywhere' }}>
                {name || team.name}
              </Text>
              <Text
                size="sm"
                aria-label={`${taken} of ${team.maxSize} seats taken`}
                style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                {taken}/{team.maxSize}
              </Text>
            </Group>
            {/* One paragraph, the badges inline: the details flow after them and wrap as text
                does, rather than the whole line dropping under the badges on a phone. */}
            <Text size="xs" c="dimmed" lh={1.7}>
              {isNew && (
                <Badge component="span" color="blue.9" size="xs" mr={6} style={badgeInText}>
                  New
                </Badge>
              )}
              {locked && (
                <Badge
                  component="span"
                  color="gray.8"
                  size="xs"
                  mr={6}
                  style={badgeInText}
                  leftSection={<IconLock size={10} aria-hidden />}
                >
                  Locked
                </Badge>
              )}
              {team.score !== null && (
                <Badge
                  component="span"
                  color="teal.9"
                  variant="outline"
                  size="xs"
                  mr={6}
                  style={badgeInText}
                  title="Team score"
                >
                  Score {percent(team.score)}
                </Badge>
              )}
              {placed.length === 0
                ? 'Nobody placed here'
                : `${countOf(placed.length, 'student')} placed here`}
              {team.members.length > 0 ? ` · ${countOf(team.members.length, 'member')}` : ''}
              {team.project ? ` · Project: ${team.project.name}` : ''}
            </Text>
            {shownError && (
              // Default text color: red text on the dark card misses 4.5:1; the icon marks it.
              <Group gap={4} wrap="nowrap" align="flex-start">
                <IconAlertTriangle
                  size={14}
                  aria-hidden
                  color="var(--mantine-color-red-7)"
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
                <Text size="xs" fw={600}>
                  {shownError}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>
      </UnstyledButton>
      {open && (
        <Stack gap="sm" px="sm" pb="sm" id={panelId}>
          {isNew && (
            <TextInput
              label="Team name"
              aria-label={`Name of ${team.name}`}
              value={name}
              maxLength={80}
              error={shownError}
              onChange={(e) => {
                const value = e.currentTarget.value;
                onEdit((prev) => ({ ...prev, names: { ...prev.names, [team.key]: value } }));
              }}
            />
          )}
          {onToggleLock && (
            <Switch
              size="sm"
              label="Lock this team"
              aria-label={`Lock ${name || team.name}`}
              description="While you edit, nobody moves in or out of it."
              checked={locked}
              disabled={busy}
              onChange={onToggleLock}
            />
          )}
          {criteria && <TeamCriteria team={team} criteria={criteria} />}
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
                  locked={locked}
                  busy={busy}
                  onMove={(key) => move(p.userId, key)}
                  swapWith={
                    onSwap ? swapCandidates.filter((c) => c.teamKey !== team.key) : undefined
                  }
                  onSwap={(other) => onSwap?.(p.userId, other)}
                  onDrag={onDragStudent}
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}

type PlacedStudentProps = {
  placement: Placement;
  current: ProposedTeam;
  targets: ProposedTeam[];
  edits: ProposalEdits;
  locked: boolean;
  busy: boolean;
  onMove: (teamKey: string) => void;
  swapWith?: SwapCandidate[];
  onSwap: (userId: string) => void;
  onDrag?: (userId: string | null) => void;
};

function PlacedStudent({
  placement,
  current,
  targets,
  edits,
  locked,
  busy,
  onMove,
  swapWith,
  onSwap,
  onDrag,
}: PlacedStudentProps) {
  const fullname = placement.student.fullname;
  const draggable = !!onDrag && !locked && !busy;
  const teams = targets.some((t) => t.key === current.key) ? targets : [current, ...targets];
  const options = teams.map((t) => {
    const full = t.key !== current.key && !canTake(t, edits);
    const name = t.teamId === null ? (edits.names[t.key] ?? t.name) : t.name;
    return {
      value: t.key,
      label: `${name} (${seatsTaken(t, edits)}/${t.maxSize}${full ? ', full' : ''})`,
      disabled: full,
    };
  });
  return (
    <Stack
      gap={4}
      p="xs"
      style={{
        borderLeft: '3px solid var(--mantine-color-teal-7)',
        cursor: draggable ? 'grab' : undefined,
      }}
      draggable={draggable}
      data-student={fullname}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', placement.userId);
        e.dataTransfer.effectAllowed = 'move';
        onDrag?.(placement.userId);
      }}
      onDragEnd={() => onDrag?.(null)}
    >
      <Group gap="xs" wrap="wrap">
        {draggable && (
          <IconGripVertical size={16} aria-hidden color="var(--mantine-color-dimmed)" />
        )}
        <Text size="sm" fw={600}>
          {fullname}
        </Text>
        <Badge color="teal.9" size="sm">
          Placed
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {placement.explanation}
      </Text>
      {/* One under the other on a phone: side by side, both lists cut their team names. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
        <NativeSelect
          size="xs"
          label="Move to…"
          aria-label={`Move ${fullname} to…`}
          data={options}
          value={current.key}
          disabled={locked || busy}
          onChange={(e) => onMove(e.currentTarget.value)}
        />
        {swapWith && (
          <NativeSelect
            size="xs"
            label="Swap with…"
            aria-label={`Swap ${fullname} with…`}
            data={[
              { value: '', label: swapWith.length ? 'Choose a student' : 'Nobody to swap with' },
              ...swapWith.map((c) => ({
                value: c.userId,
                label: `${c.fullname} (${c.teamName})`,
              })),
            ]}
            value=""
            disabled={locked || busy || swapWith.length === 0}
            onChange={(e) => {
              const other = e.currentTarget.value;
              if (other) onSwap(other);
            }}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
