import { MultiSelect, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useActiveStudents } from '../api/get-active-students';

type ExcludeStudentsSelectProps = {
  courseId: string;
  value: ComboboxItem[];
  onChange: (value: ComboboxItem[]) => void;
};

/**
 * The course's ACTIVE students, searched on the server (a course can hold more than a page), to
 * leave out of the proposal. The chosen ones stay listed whatever the current search finds.
 */
export function ExcludeStudentsSelect({ courseId, value, onChange }: ExcludeStudentsSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const students = useActiveStudents(courseId, debounced);
  const found = useMemo<ComboboxItem[]>(
    () =>
      (students.data?.items ?? []).flatMap((e) =>
        e.userId ? [{ value: e.userId, label: `${e.fullname} (${e.email})` }] : [],
      ),
    [students.data],
  );
  const data = useMemo(() => {
    const chosen = new Set(value.map((v) => v.value));
    return [...value, ...found.filter((o) => !chosen.has(o.value))];
  }, [found, value]);
  const total = students.data?.total;
  const description =
    total !== undefined && total > found.length
      ? `Showing ${found.length} of ${total} students; type to search.`
      : 'They stay where they are, with or without a team.';

  return (
    <MultiSelect
      label="Exclude students"
      placeholder={value.length === 0 ? 'Search by name or email' : undefined}
      description={description}
      data={data}
      value={value.map((v) => v.value)}
      onChange={(ids) => {
        const byId = new Map(data.map((o) => [o.value, o]));
        onChange(ids.flatMap((id) => byId.get(id) ?? []));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already.
      filter={({ options }) => options}
      nothingFoundMessage={
        students.isFetching || search.trim() !== debounced ? 'Searching…' : 'No student matches'
      }
      error={students.isError ? `Students could not be loaded: ${students.error.message}` : null}
      clearable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );
}
