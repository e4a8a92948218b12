import { useState } from 'react';
import {
  SearchSelect,
  useKnownOption,
  type SearchSelectFieldProps,
} from '@/components/ui/search-select';
import { useOrganizationOption } from '../api/get-organization-option';
import { useOrganizationOptions } from '../api/get-organization-options';

/**
 * A picker of the organizations the signed-in admin runs, searched on the server. Course
 * Management and Student Management show it; their routes pass it to their pages.
 */
export function OrganizationSelect({ value, onChange, error, ...props }: SearchSelectFieldProps) {
  const [search, setSearch] = useState('');
  const organizations = useOrganizationOptions(search);
  const options = (organizations.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }));
  const { known, remember } = useKnownOption(options, value);
  const chosen = useOrganizationOption(value ?? undefined, !known && !organizations.isPending);
  const selectedOption =
    known ??
    (chosen.data && chosen.data.id === value
      ? { value: chosen.data.id, label: chosen.data.name }
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
      total={organizations.data?.total}
      selectedOption={selectedOption}
      onSearch={setSearch}
      searching={organizations.isFetching}
      noun="organizations"
      error={
        error ??
        (organizations.isError
          ? `Could not load your organizations: ${organizations.error.message}`
          : undefined)
      }
    />
  );
}
