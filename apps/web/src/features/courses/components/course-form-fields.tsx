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
          maxLength={COURSE_CODE_MAX}
          miw={180}
          {...form.getInputProps('code')}
        />
        <TextInput
          label="Term"
          description="e.g. Fall 2026"
          required
          maxLength={COURSE_TERM_MAX}
          miw={180}
          {...form.getInputProps('term')}
        />
      </Group>
      <TextInput
        label="Title"
        required
        maxLength={COURSE_TITLE_MAX}
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Description"
        description="What students should know about this course and its project."
        autosize
        minRows={3}
        maxRows={10}
        maxLength={COURSE_DESCRIPTION_MAX}
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
