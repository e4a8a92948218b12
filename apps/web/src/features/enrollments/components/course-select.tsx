import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  SearchSelect,
  useKnownOption,
  type SearchSelectFieldProps,
} from '@/components/ui/search-select';
import { useCourseOptions, type CourseOption } from '../api/get-course-options';
import { rosterCourseQueryOptions } from '../api/get-roster-course';

type CourseSelectProps = SearchSelectFieldProps & {
  organizationId?: string | undefined;
  includeArchived?: boolean;
  formatLabel: (course: CourseOption) => string;
};

/** The course pickers of student management: searched on the server, any number of courses. */
export function CourseSelect({
  organizationId,
  includeArchived = false,
  formatLabel,
  value,
  onChange,
  error,
  placeholder,
  ...props
}: CourseSelectProps) {
  const [search, setSearch] = useState('');
  const courses = useCourseOptions({ organizationId, includeArchived, search });
  const options = (courses.data?.items ?? []).map((c) => ({ value: c.id, label: formatLabel(c) }));
  const { known, remember } = useKnownOption(options, value);
  // A course chosen before (the URL, the list's filter) that this page of options does not hold.
  const chosen = useQuery({
    ...rosterCourseQueryOptions(value ?? ''),
    enabled: Boolean(value) && !known && !courses.isPending,
  });
  const selectedOption =
    known ??
    (chosen.data && chosen.data.id === value
      ? { value: chosen.data.id, label: formatLabel(chosen.data) }
      : null);

  return (
    <SearchSelect
      {...props}
      value={value}
      onChange={(next, option) => {
        remember(next, option);
        onChange?.(next, option);
      }}
      options={options}
      total={courses.data?.total}
      selectedOption={selectedOption}
      onSearch={setSearch}
      searching={courses.isFetching}
      noun="courses"
      placeholder={courses.isPending ? 'Loading courses…' : placeholder}
      error={
        error ?? (courses.isError ? `Could not load courses: ${courses.error.message}` : undefined)
      }
    />
  );
}
