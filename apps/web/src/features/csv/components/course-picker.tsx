import { Button, Group, Select, Text } from '@mantine/core';
import { ButtonLink } from '@/components/ui/router-link';
import type { CsvCourseOption } from '../api/get-course-options';
import { useCsvCourseOptions } from '../api/get-course-options';

export function courseLabel(c: Pick<CsvCourseOption, 'code' | 'title' | 'organizationName'>) {
  return `${c.code} — ${c.title} (${c.organizationName})`;
}

type CoursePickerProps = {
  value: string | undefined;
  onChange: (courseId: string | undefined) => void;
  disabled?: boolean;
};

/** The course the roster enrolls into: an active course of one of my organizations. */
export function CoursePicker({ value, onChange, disabled }: CoursePickerProps) {
  const courses = useCsvCourseOptions();
  const options = courses.data ?? [];
  const known = !value || options.some((c) => c.id === value);

  if (courses.isSuccess && options.length === 0) {
    return (
      <Group gap="sm" wrap="wrap">
        <Text size="sm">
          Your organizations have no active course yet. Create one, then upload its roster here.
        </Text>
        <ButtonLink to="/admin/courses/create" size="xs" variant="outline">
          Create a course
        </ButtonLink>
      </Group>
    );
  }

  return (
    <Select
      label="Course"
      description="Students in the file are enrolled in this course."
      placeholder={courses.isPending ? 'Loading courses…' : 'Search by code, title or organization'}
      data={options.map((c) => ({ value: c.id, label: courseLabel(c) }))}
      value={known ? (value ?? null) : null}
      onChange={(id) => onChange(id ?? undefined)}
      searchable
      clearable
      withAsterisk
      disabled={disabled || courses.isPending}
      nothingFoundMessage="No course matches"
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      error={
        courses.isError ? (
          <Group gap={6} component="span">
            Could not load your courses: {courses.error.message}
            <Button
              size="compact-xs"
              variant="subtle"
              color="red.9"
              onClick={() => void courses.refetch()}
            >
              Retry
            </Button>
          </Group>
        ) : !known && courses.isSuccess ? (
          'The course in the link is archived or not one of your organizations’ courses; choose another.'
        ) : undefined
      }
    />
  );
}
