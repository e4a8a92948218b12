// Loaded with the only screens that pick a date, not in the entry stylesheet (decision 091).
import '@mantine/dates/styles.css';
import { Group, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import {
  COURSE_CODE_MAX,
  COURSE_DESCRIPTION_MAX,
  COURSE_TERM_MAX,
  COURSE_TITLE_MAX,
  TEAM_SIZE_LIMIT,
} from '@teamup/shared';
import dayjs from 'dayjs';
import type { ZodType } from 'zod';
import { zodFieldErrors } from '@/lib/form-errors';

/** The editable fields of a course as the form holds them (NumberInput gives '' when empty). */
export type CourseFieldValues = {
  code: string;
  title: string;
  term: string;
  description: string;
  teamSizeMin: number | string;
  teamSizeMax: number | string;
  /** Local date and time as DateTimePicker gives it ("YYYY-MM-DD HH:mm:ss"), or null. */
  teamFormationDeadline: string | null;
};

export const COURSE_FIELD_NAMES = [
  'code',
  'title',
  'term',
  'description',
  'teamSizeMin',
  'teamSizeMax',
  'teamFormationDeadline',
] as const;

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function toPickerValue(iso: string): string {
  return dayjs(iso).format(PICKER_FORMAT);
}

/** Two weeks from now at 23:59: a sensible first deadline that the admin adjusts. */
export function defaultDeadline(now = new Date()): string {
  return dayjs(now).add(14, 'day').hour(23).minute(59).second(0).format(PICKER_FORMAT);
}

function toNumber(value: number | string): number | undefined {
  if (value === '' || value === null) return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(n) ? undefined : n;
}

/** The values as the API wants them; invalid ones stay invalid so the shared schema names them. */
export function toCourseFields(values: CourseFieldValues) {
  return {
    code: values.code.trim(),
    title: values.title.trim(),
    term: values.term.trim(),
    description: values.description.trim(),
    teamSizeMin: toNumber(values.teamSizeMin) as number,
    teamSizeMax: toNumber(values.teamSizeMax) as number,
    // The picker works in the admin's local time; the API stores UTC.
    teamFormationDeadline: values.teamFormationDeadline
      ? dayjs(values.teamFormationDeadline).toISOString()
      : '',
  };
}

const TEXT_LIMITS = [
  ['code', 'Code', COURSE_CODE_MAX],
  ['title', 'Title', COURSE_TITLE_MAX],
  ['term', 'Term', COURSE_TERM_MAX],
  ['description', 'Description', COURSE_DESCRIPTION_MAX],
] as const;

/**
 * Text over its limit, in words an admin acts on. The inputs do not cut text off at the limit
 * (a pasted description would lose its end without a word), so the form says how much to trim.
 */
export function courseLengthErrors(values: CourseFieldValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, name, max] of TEXT_LIMITS) {
    const length = values[field].trim().length;
    if (length > max) {
      errors[field] = `${name} can be at most ${max} characters; it has ${length}.`;
    }
  }
  return errors;
}

/** The shared schema's messages, with the length ones above in place of zod's. */
export function courseFieldErrors(schema: ZodType, body: unknown, values: CourseFieldValues) {
  return { ...zodFieldErrors(schema, body), ...courseLengthErrors(values) };
}

type CourseFormFieldsProps<V extends CourseFieldValues> = {
  form: UseFormReturnType<V>;
  /** A new course's deadline must be in the future; an existing one may already have passed. */
  futureDeadlineOnly?: boolean;
};

export function CourseFormFields<V extends CourseFieldValues>({
  form,
  futureDeadlineOnly = false,
}: CourseFormFieldsProps<V>) {
  return (
    <Stack gap="md">
      <Group grow align="flex-start" gap="md" wrap="wrap" preventGrowOverflow={false}>
        <TextInput
          label="Code"
          description="Unique within the organization, e.g. CS-401"
          required
          miw={180}
          {...form.getInputProps('code')}
        />
        <TextInput
          label="Term"
          description="e.g. Fall 2026"
          required
          miw={180}
          {...form.getInputProps('term')}
        />
      </Group>
      <TextInput label="Title" required {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        description={`What students should know about this course and its project (${form.getValues().description.length} of ${COURSE_DESCRIPTION_MAX} characters).`}
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('description')}
      />
      <Group grow align="flex-start" gap="md" wrap="wrap" preventGrowOverflow={false}>
        <NumberInput
          label="Minimum team size"
          required
          min={1}
          max={TEAM_SIZE_LIMIT}
          allowDecimal={false}
          allowNegative={false}
          miw={160}
          {...form.getInputProps('teamSizeMin')}
        />
        <NumberInput
          label="Maximum team size"
          required
          min={1}
          max={TEAM_SIZE_LIMIT}
          allowDecimal={false}
          allowNegative={false}
          miw={160}
          {...form.getInputProps('teamSizeMax')}
        />
      </Group>
      <DateTimePicker
        label="Team formation deadline"
        description="After this moment students can no longer change their teams (your local time)."
        required
        valueFormat="DD MMM YYYY HH:mm"
        minDate={futureDeadlineOnly ? new Date() : undefined}
        popoverProps={{ withinPortal: true }}
        {...form.getInputProps('teamFormationDeadline')}
      />
    </Stack>
  );
}
