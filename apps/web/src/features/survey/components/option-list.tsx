import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { SURVEY_OPTION_MAX, SURVEY_PROJECT_MAX } from '@teamup/shared';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import type { DraftOption, DraftPair, DraftProject } from '../utils/questions';
import { withIds } from '../utils/questions';

/** Moves item i by `by` places (−1 up, +1 down); out of range leaves the list as it is. */
export function moved<T>(list: readonly T[], i: number, by: number): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

type RowActionsProps = {
  what: string;
  index: number;
  count: number;
  /** Remove is disabled at this many rows. */
  min?: number;
  /** The remove button's verb: "Remove option 2", "Delete question 3". */
  removeVerb?: 'Remove' | 'Delete';
  onMove: (by: number) => void;
  onRemove: () => void;
};

/** Up, down and remove for one row of a list, each named for a screen reader. */
export function RowActions({
  what,
  index,
  count,
  min = 0,
  removeVerb = 'Remove',
  onMove,
  onRemove,
}: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label={`Move ${what} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={`Move ${what} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={`${removeVerb} ${what}`}
        disabled={count <= min}
        onClick={onRemove}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

type ListShellProps = {
  title: string;
  groupLabel: string;
  error: string | undefined;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  children: ReactNode;
};

/** A titled, labelled group of rows with the list's own error and an add button under it. */
function ListShell({
  title,
  groupLabel,
  error,
  addLabel,
  canAdd,
  onAdd,
  children,
}: ListShellProps) {
  return (
    <Stack gap="xs" role="group" aria-label={groupLabel}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {children}
      {error && (
        <Text size="xs" fw={600}>
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={!canAdd}
          onClick={onAdd}
        >
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

type OptionListProps = {
  /** The question's number, to name each field ("Option 2 of question 3"). */
  questionLabel: string;
  options: DraftOption[];
  onChange: (options: DraftOption[]) => void;
  /** Background questions offer "Do not isolate" and "Never a whole team" per option. */
  withDoNotIsolate?: boolean;
  /** Errors by path under the question ("options.1.label"). */
  errors: Record<string, string>;
};

/** The options of a choice question: label, order, add and remove; ids follow new labels. */
export function OptionList({
  questionLabel,
  options,
  onChange,
  withDoNotIsolate = false,
  errors,
}: OptionListProps) {
  const set = (next: DraftOption[]) => onChange(withIds(next, (o) => o.label));
  return (
    <ListShell
      title="Options"
      groupLabel={`Options of ${questionLabel}`}
      error={errors.options}
      addLabel="Add option"
      canAdd={options.length < SURVEY_OPTION_MAX}
      onAdd={() => set([...options, { id: '', label: '', fresh: true }])}
    >
      {options.map((o, i) => (
        <Fragment key={i}>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              aria-label={`Option ${i + 1} of ${questionLabel}`}
              placeholder={`Option ${i + 1}`}
              value={o.label}
              maxLength={120}
              error={
                errors[`options.${i}.label`] ?? errors[`options.${i}.id`] ?? errors[`options.${i}`]
              }
              onChange={(e) => {
                const label = e.currentTarget.value;
                set(options.map((x, j) => (j === i ? { ...x, label } : x)));
              }}
              style={{ flex: '1 1 12rem' }}
            />
            {withDoNotIsolate && (
              // The two rules of an option side by side, on a phone too (under its label).
              <Group gap="md" wrap="nowrap">
                <Checkbox
                  mt={8}
                  label="Do not isolate"
                  aria-label={`Do not isolate option ${i + 1} of ${questionLabel}`}
                  checked={Boolean(o.doNotIsolate)}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    set(options.map((x, j) => (j === i ? { ...x, doNotIsolate: checked } : x)));
                  }}
                />
                <Checkbox
                  mt={8}
                  label="Never a whole team"
                  aria-label={`No team entirely of option ${i + 1} of ${questionLabel}`}
                  checked={Boolean(o.notAll)}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    set(options.map((x, j) => (j === i ? { ...x, notAll: checked } : x)));
                  }}
                />
              </Group>
            )}
            <RowActions
              what={`option ${i + 1}`}
              index={i}
              count={options.length}
              min={2}
              onMove={(by) => set(moved(options, i, by))}
              onRemove={() => set(options.filter((_, j) => j !== i))}
            />
          </Group>
          {/* Issue 36: on a phone an option of a background question takes three lines (its
            label, its two rules, then move and remove): a line under each says where it ends,
            so the buttons read as the option's above them, not the next one's. Mantine's
            hiddenFrom needs no CSS file of its own (a tiny one would load on every page). */}
          {withDoNotIsolate && <Divider hiddenFrom="sm" />}
        </Fragment>
      ))}
    </ListShell>
  );
}

type ProjectListProps = {
  questionLabel: string;
  projects: DraftProject[];
  onChange: (projects: DraftProject[]) => void;
  errors: Record<string, string>;
};

/** The projects of a project question: name and how many teams each can take. */
export function ProjectList({ questionLabel, projects, onChange, errors }: ProjectListProps) {
  const set = (next: DraftProject[]) => onChange(withIds(next, (p) => p.name));
  return (
    <ListShell
      title="Projects"
      groupLabel={`Projects of ${questionLabel}`}
      error={errors.projects}
      addLabel="Add project"
      canAdd={projects.length < SURVEY_PROJECT_MAX}
      onAdd={() => set([...projects, { id: '', name: '', capacity: 1, fresh: true }])}
    >
      {projects.map((p, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            aria-label={`Name of project ${i + 1}`}
            placeholder={`Project ${i + 1}`}
            value={p.name}
            maxLength={120}
            error={errors[`projects.${i}.name`] ?? errors[`projects.${i}`]}
            onChange={(e) => {
              const name = e.currentTarget.value;
              set(projects.map((x, j) => (j === i ? { ...x, name } : x)));
            }}
            style={{ flex: '1 1 12rem' }}
          />
          <NumberInput
            aria-label={`Teams project ${i + 1} can take`}
            placeholder="Teams"
            min={1}
            max={500}
            allowDecimal={false}
            allowNegative={false}
            value={p.capacity}
            error={errors[`projects.${i}.capacity`]}
            onChange={(v) => {
              const capacity = typeof v === 'number' ? v : '';
              set(projects.map((x, j) => (j === i ? { ...x, capacity } : x)));
            }}
            w={110}
            rightSection={
              <Text size="xs" c="dimmed" pr={4}>
                teams
              </Text>
            }
            rightSectionWidth={48}
          />
          <RowActions
            what={`project ${i + 1}`}
            index={i}
            count={projects.length}
            min={2}
            onMove={(by) => set(moved(projects, i, by))}
            onRemove={() => set(projects.filter((_, j) => j !== i))}
          />
        </Group>
      ))}
    </ListShell>
  );
}

type PairListProps = {
  questionLabel: string;
  options: DraftOption[];
  pairs: DraftPair[];
  onChange: (pairs: DraftPair[]) => void;
  errors: Record<string, string>;
};

/** The option's label as the lists show it ("Option 2" while it has none). */
const labelOf = (options: DraftOption[], id: string) => {
  const k = options.findIndex((o) => o.id === id);
  return k < 0 ? id : options[k]!.label.trim() || `Option ${k + 1}`;
};

/**
 * Issue 36: pairs of options that may not share a team ("incompatible answers"), a hard rule.
 * Each pair is two selects of the question's options and a remove button.
 */
export function PairList({ questionLabel, options, pairs, onChange, errors }: PairListProps) {
  const data = options.map((o) => ({ value: o.id, label: labelOf(options, o.id) }));
  const first = options[0]?.id ?? '';
  const second = options[1]?.id ?? first;
  return (
    <ListShell
      title="Answers that may not share a team"
      groupLabel={`Incompatible answers of ${questionLabel}`}
      error={errors.incompatible}
      addLabel="Add a pair"
      canAdd={options.length >= 2}
      onAdd={() => onChange([...pairs, [first, second]])}
    >
      {pairs.length === 0 && (
        <Text size="xs" c="dimmed">
          None: any two answers may share a team.
        </Text>
      )}
      {pairs.map(([a, b], i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            aria-label={`First answer of pair ${i + 1} of ${questionLabel}`}
            data={data}
            value={a}
            error={errors[`incompatible.${i}`]}
            onChange={(e) => {
              const v = e.currentTarget.value;
              onChange(pairs.map((p, j) => (j === i ? [v, p[1]] : p)));
            }}
            style={{ flex: '1 1 9rem' }}
          />
          <Text size="sm" pb={6}>
            never with
          </Text>
          <NativeSelect
            aria-label={`Second answer of pair ${i + 1} of ${questionLabel}`}
            data={data}
            value={b}
            onChange={(e) => {
              const v = e.currentTarget.value;
              onChange(pairs.map((p, j) => (j === i ? [p[0], v] : p)));
            }}
            style={{ flex: '1 1 9rem' }}
          />
          <ActionIcon
            variant="default"
            mb={4}
            aria-label={`Remove pair ${i + 1} of ${questionLabel}`}
            onClick={() => onChange(pairs.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </ListShell>
  );
}
