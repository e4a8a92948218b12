import {
  Badge,
  Card,
  Group,
  List,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { FormationCriteria, Placement, ProposedTeam } from '@teamup/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
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
};

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
}: ProposedTeamCardProps) {
  const isNew = team.teamId === null;
  const name = isNew ? (edits.names[team.key] ?? team.name) : team.name;
  const taken = seatsTaken(team, edits);
  const headingId = `proposed-team-${team.key}`;
  const panelId = `proposed-team-panel-${team.key}`;
  const shownError = placed.length > 0 ? nameError : null;
  return (
    <Card withBorder radius="md" padding={0} component="article" aria-labelledby={headingId}>
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
                  onMove={(key) =>
                    onEdit((prev) => ({ ...prev, teamOf: { ...prev.teamOf, [p.userId]: key } }))
                  }
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
