import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import {
  SURVEY_SKILL_LEVEL_MAX,
  SURVEY_TEAMMATES_MAX,
  availabilitySettings,
  offsetText,
  scheduleInstant,
  windowHoursIn,
  windowRowsIn,
  zoneOffsetMinutes,
  zoneShiftMinutes,
  type StudentSurveyView,
  type SurveyAnswer,
  type SurveyQuestion,
} from '@teamup/shared';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { deviceTimeZone } from '@/lib/time-zone';
import { describeHours } from '../utils/describe-answer';
import { zonesWith } from '../utils/time-zones';
import { AvailabilityGrid } from './availability-grid';
import { moved } from './option-list';

const clock = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;

/** "13:30–01:30 the next day": the course's daily window read `shift` minutes earlier/later. */
function windowText(fromHour: number, toHour: number, shift: number): string {
  const at = (h: number) => {
    const m = (((h * 60 - shift) % 1440) + 1440) % 1440;
    return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  };
  const start = fromHour * 60 - shift;
  const end = toHour * 60 - shift;
  const dayOf = (m: number) => Math.floor(m / 1440);
  const next = dayOf(end - 1) > dayOf(start) ? ' the next day' : '';
  return `${at(fromHour)}–${at(toHour)}${next}`;
}

/**
 * Issue 36 (decision 153): the weekly grid in the student's own time zone (a select, this
 * browser's zone at first); the course's window is shown read in that zone, and the answer keeps
 * the zone with the hours. The server reads them in the course's zone before placing.
 */
function AvailabilityAnswer({
  question: q,
  answer,
  onChange,
  disabled,
  describedBy,
  closesAt,
}: {
  question: Extract<SurveyQuestion, { type: 'AVAILABILITY' }>;
  answer: Extract<SurveyAnswer, { type: 'AVAILABILITY' }> | undefined;
  onChange: (answer: SurveyAnswer | undefined) => void;
  disabled: boolean;
  describedBy?: string;
  closesAt?: string | null;
}) {
  const { timeZone: courseZone, meetingHours } = availabilitySettings(q);
  const [chosen, setChosen] = useState(() => deviceTimeZone() ?? courseZone);
  // A saved answer says its zone; one saved without a zone is in the course's.
  const zone = answer ? (answer.timeZone ?? courseZone) : chosen;
  const hours = answer?.hours ?? [];
  const at = useMemo(() => scheduleInstant(closesAt, Date.now()), [closesAt]);
  const shift = useMemo(() => {
    try {
      return zoneShiftMinutes(zone, courseZone, at);
    } catch {
      return 0; // a zone this browser does not know: shown as the course's
    }
  }, [zone, courseZone, at]);
  const rows = useMemo(() => windowRowsIn(q.fromHour, q.toHour, shift), [q, shift]);
  const noteId = useId();

  const change = (next: string | null) => {
    if (!next || next === zone) return;
    setChosen(next);
    if (!answer) return;
    // The same cells, in the new zone: those outside its window are dropped.
    let shown: Set<number>;
    try {
      shown = windowHoursIn(q.fromHour, q.toHour, zoneShiftMinutes(next, courseZone, at));
    } catch {
      return;
    }
    onChange({ type: 'AVAILABILITY', timeZone: next, hours: hours.filter((h) => shown.has(h)) });
  };

  const other = zone !== courseZone;
  let offset = '';
  try {
    offset = offsetText(zoneOffsetMinutes(zone, at));
  } catch {
    offset = '';
  }
  return (
    <Stack gap={6}>
      <Select
        label="Your time zone"
        description="The hours below are in this zone."
        data={zonesWith(zone)}
        value={zone}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No such time zone"
        disabled={disabled}
        onChange={change}
        w={{ base: '100%', xs: 300 }}
      />
      <Text size="xs" c="dimmed" id={noteId}>
        {other
          ? `The course plans in ${courseZone}, ${clock(q.fromHour)}–${clock(q.toHour)} each day; in ${zone} (UTC${offset}) that is ${windowText(q.fromHour, q.toHour, shift)}.`
          : `Hours in ${zone}${offset ? ` (UTC${offset})` : ''}, the course's time zone.`}
        {other && shift % 60 !== 0
          ? ' Your zone is a half hour off the course’s: an hour of the course counts when you are free for both of your hours around it.'
          : ''}
        {meetingHours > 1
          ? ` Teams meet in ${meetingHours}-hour blocks: a lone free hour does not count, so mark whole stretches.`
          : ''}
      </Text>
      <AvailabilityGrid
        label={q.prompt}
        describedBy={[describedBy, noteId].filter(Boolean).join(' ')}
        rows={rows}
        value={hours}
        disabled={disabled}
        onChange={(next) => onChange({ type: 'AVAILABILITY', timeZone: zone, hours: next })}
      />
      <Text size="sm" aria-live="polite">
        {hours.length === 0
          ? 'No free hours marked yet.'
          : `Free: ${describeHours(hours)}${other ? ` (${zone})` : ''}`}
      </Text>
    </Stack>
  );
}

/** Help text that already explains the levels ("1 = never used it, 5 = could teach it"). */
const STATES_A_SCALE = /(^|\D)1\s*(=|:|means|is)/i;

const LEVELS = Array.from({ length: SURVEY_SKILL_LEVEL_MAX }, (_, i) => String(i + 1));

export type AnswerInputProps = {
  question: SurveyQuestion;
  answer: SurveyAnswer | undefined;
  /** Undefined clears the answer. */
  onChange: (answer: SurveyAnswer | undefined) => void;
  classmates: StudentSurveyView['classmates'];
  disabled: boolean;
  /** The id of the text that describes the question (help, error). */
  describedBy?: string;
  /** The survey's closing time: its UTC offsets convert between time zones (decision 153). */
  closesAt?: string | null;
};

/** The control for one question, by its type. */
export function AnswerInput({
  question: q,
  answer,
  onChange,
  classmates,
  disabled,
  describedBy,
  closesAt,
}: AnswerInputProps) {
  switch (q.type) {
    case 'AVAILABILITY':
      return (
        <AvailabilityAnswer
          question={q}
          answer={answer?.type === 'AVAILABILITY' ? answer : undefined}
          onChange={onChange}
          disabled={disabled}
          describedBy={describedBy}
          closesAt={closesAt}
        />
      );
    case 'SKILLS': {
      const levels = answer?.type === 'SKILLS' ? answer.levels : {};
      return (
        <Stack gap="xs">
          {/* One scale legend: the instructor's, when their help text gives one (issue 35). */}
          {!STATES_A_SCALE.test(q.help) && (
            <Text size="xs" c="dimmed">
              1 = beginner, {SURVEY_SKILL_LEVEL_MAX} = expert
            </Text>
          )}
          {q.skills.map((skill) => (
            <Radio.Group
              key={skill}
              label={skill}
              value={levels[skill] ? String(levels[skill]) : null}
              onChange={(v) =>
                onChange({ type: 'SKILLS', levels: { ...levels, [skill]: Number(v) } })
              }
            >
              <Group gap="md" mt={4}>
                {LEVELS.map((l) => (
                  <Radio
                    key={l}
                    value={l}
                    label={l}
                    aria-label={`${skill}: ${l} of ${SURVEY_SKILL_LEVEL_MAX}`}
                    disabled={disabled}
                  />
                ))}
              </Group>
            </Radio.Group>
          ))}
        </Stack>
      );
    }
    case 'ROLE':
    case 'DEMOGRAPHIC':
    case 'SINGLE_CHOICE': {
      const value = answer && 'option' in answer ? answer.option : null;
      return (
        <Radio.Group
          aria-label={q.prompt}
          aria-describedby={describedBy}
          value={value}
          onChange={(option) => onChange({ type: q.type, option } as SurveyAnswer)}
        >
          <Stack gap={6} mt={2}>
            {q.options.map((o) => (
              <Radio key={o.id} value={o.id} label={o.label} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    }
    case 'MULTIPLE_CHOICE': {
      const chosen = answer?.type === 'MULTIPLE_CHOICE' ? answer.options : [];
      const full = q.maxChoices !== null && chosen.length >= q.maxChoices;
      return (
        <Checkbox.Group
          aria-label={q.prompt}
          aria-describedby={describedBy}
          description={q.maxChoices !== null ? `Choose up to ${q.maxChoices}.` : undefined}
          value={chosen}
          onChange={(options) => onChange({ type: 'MULTIPLE_CHOICE', options })}
        >
          <Stack gap={6} mt={4}>
            {q.options.map((o) => (
              <Checkbox
                key={o.id}
                value={o.id}
                label={o.label}
                disabled={disabled || (full && !chosen.includes(o.id))}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'PROJECT':
      return (
        <ProjectRanking
          question={q}
          ranking={answer?.type === 'PROJECT' ? answer.ranking : null}
          disabled={disabled}
          onChange={(ranking) => onChange({ type: 'PROJECT', ranking })}
        />
      );
    case 'TEAMMATES': {
      const like = answer?.type === 'TEAMMATES' ? answer.like : [];
      const avoid = answer?.type === 'TEAMMATES' ? answer.avoid : [];
      const data = (taken: string[]) =>
        classmates.map((c) => ({ value: c.id, label: c.fullname, disabled: taken.includes(c.id) }));
      return (
        <Stack gap="xs">
          <MultiSelect
            label="I would like to work with"
            description={`Up to ${SURVEY_TEAMMATES_MAX} classmates.`}
            placeholder={like.length < SURVEY_TEAMMATES_MAX ? 'Search classmates' : undefined}
            searchable
            clearable
            maxValues={SURVEY_TEAMMATES_MAX}
            data={data(avoid)}
            value={like}
            disabled={disabled}
            nothingFoundMessage="No classmate of that name"
            comboboxProps={{ withinPortal: true }}
            onChange={(next) => onChange({ type: 'TEAMMATES', like: next, avoid })}
          />
          <MultiSelect
            label="I would rather not work with"
            description={`Up to ${SURVEY_TEAMMATES_MAX} classmates. Nobody is told.`}
            placeholder={avoid.length < SURVEY_TEAMMATES_MAX ? 'Search classmates' : undefined}
            searchable
            clearable
            maxValues={SURVEY_TEAMMATES_MAX}
            data={data(like)}
            value={avoid}
            disabled={disabled}
            nothingFoundMessage="No classmate of that name"
            comboboxProps={{ withinPortal: true }}
            onChange={(next) => onChange({ type: 'TEAMMATES', like, avoid: next })}
          />
        </Stack>
      );
    }
  }
}

/**
 * The projects in the student's order, each moved with Up and Down. The focus stays with the
 * project that moved (issue 35): on the button pressed, or on the other one when it reached the
 * top or the bottom and the pressed one became disabled.
 */
function ProjectRanking({
  question: q,
  ranking,
  disabled,
  onChange,
}: {
  question: Extract<SurveyQuestion, { type: 'PROJECT' }>;
  ranking: string[] | null;
  disabled: boolean;
  onChange: (ranking: string[]) => void;
}) {
  const known = new Set(q.projects.map((p) => p.id));
  const order = [
    ...(ranking ?? []).filter((id) => known.has(id)),
    ...q.projects.map((p) => p.id).filter((id) => !ranking?.includes(id)),
  ];
  const name = (id: string) => q.projects.find((p) => p.id === id)?.name ?? id;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [refocus, setRefocus] = useState<{ id: string; dir: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!refocus) return;
    buttons.current.get(`${refocus.id}:${refocus.dir}`)?.focus();
    setRefocus(null);
  }, [refocus]);
  const move = (i: number, by: -1 | 1) => {
    const id = order[i]!;
    const to = i + by;
    onChange(moved(order, i, by));
    // The pressed button, unless the project reached an end, where that one is disabled.
    const dir = by === -1 ? (to === 0 ? 'down' : 'up') : to === order.length - 1 ? 'up' : 'down';
    setRefocus({ id, dir });
  };
  const keep = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        Most wanted first. Move a project up or down.
      </Text>
      <Stack
        component="ol"
        gap={4}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={`Ranking: ${q.prompt}`}
      >
        {order.map((id, i) => (
          <Group
            component="li"
            key={id}
            gap="xs"
            wrap="nowrap"
            justify="space-between"
            p={6}
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {i + 1}. {name(id)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                ref={keep(`${id}:up`)}
                variant="default"
                aria-label={`Move ${name(id)} up`}
                disabled={disabled || i === 0}
                onClick={() => move(i, -1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                ref={keep(`${id}:down`)}
                variant="default"
                aria-label={`Move ${name(id)} down`}
                disabled={disabled || i === order.length - 1}
                onClick={() => move(i, 1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      {ranking === null && !disabled && (
        <Group>
          <Button variant="default" size="xs" onClick={() => onChange(order)}>
            Keep this order
          </Button>
        </Group>
      )}
    </Stack>
  );
}
