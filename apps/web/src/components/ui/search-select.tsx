import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';

export type SearchSelectProps = Omit<
  SelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'nothingFoundMessage'
> & {
  /** The options the server found for the current search (one page of them). */
  options: ComboboxItem[];
  /** How many the server has for the current search; more than `options` shows a hint. */
  total: number | undefined;
  /** The chosen option, so that it shows even when the current page does not hold it. */
  selectedOption?: ComboboxItem | null;
  /** Called 300 ms after typing stops with the text to search for ('' for the first page). */
  onSearch: (query: string) => void;
  /** A search is on its way. */
  searching?: boolean;
  /** Plural of what the options are ("courses"), for the hint and the empty message. */
  noun: string;
};

/**
 * The props of a picker built on SearchSelect (courses, organizations): the picker brings its
 * own options and search, its user the rest (label, value, onChange, …).
 */
export type SearchSelectFieldProps = Omit<
  SearchSelectProps,
  'options' | 'total' | 'selectedOption' | 'onSearch' | 'searching' | 'noun'
>;

/**
 * A Select whose options are searched on the server: lists of courses or organizations can hold
 * far more than one page, so typing asks the server instead of filtering what happens to be
 * loaded, and the field says when only part of the matches is shown.
 */
export function SearchSelect({
  options,
  total,
  selectedOption,
  onSearch,
  searching = false,
  noun,
  value,
  description,
  ...props
}: SearchSelectProps) {
  const [search, setSearch] = useState('');
  const data = useMemo(() => {
    if (!selectedOption || options.some((o) => o.value === selectedOption.value)) return options;
    return [selectedOption, ...options];
  }, [options, selectedOption]);
  const selectedLabel = data.find((o) => o.value === value)?.label;
  // The box shows the chosen option's label; that is not a search.
  const query = search.trim() === selectedLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, 300);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);

  const shown = options.length;
  const hint =
    total !== undefined && total > shown
      ? debounced
        ? `Showing ${shown} of ${total} matching ${noun}; type more to narrow them down.`
        : `Showing ${shown} of ${total} ${noun}; type to search.`
      : null;

  return (
    <Select
      {...props}
      value={value}
      data={data}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already; its matches may not contain the typed text verbatim.
      filter={({ options: all }) => all}
      nothingFoundMessage={searching || query !== debounced ? 'Searching…' : `No ${noun} match`}
      description={
        hint ? (
          <>
            {description}
            {description ? ' ' : null}
            {hint}
          </>
        ) : (
          description
        )
      }
    />
  );
}

/**
 * The option of the current value when the picker already knows it: on the page of options it
 * shows, or the one the user picked before a new search replaced that page. `remember` goes in
 * the picker's onChange. A value known neither way is for the caller to look up.
 */
export function useKnownOption(options: ComboboxItem[], value: string | null | undefined) {
  const [picked, setPicked] = useState<ComboboxItem | null>(null);
  const known =
    options.find((o) => o.value === value) ?? (picked?.value === value ? picked : undefined);
  const remember = (next: string | null, option: ComboboxItem) => setPicked(next ? option : null);
  return { known, remember };
}
