import { useState } from 'react';
import { SearchSelect, useKnownOption } from '@/components/ui/search-select';
import { useAnalyticsOrganizationOptions } from '../api/get-organization-options';

type OrganizationFilterProps = {
  value: string | undefined;
  /** The chosen organization's name, when known from the figures (a shared link). */
  chosenName: string | undefined;
  onChange: (organizationId: string | undefined) => void;
};

/** Every organization or one: searched on the server, any number of organizations. */
export function OrganizationFilter({ value, chosenName, onChange }: OrganizationFilterProps) {
  const [search, setSearch] = useState('');
  const organizations = useAnalyticsOrganizationOptions(search);
  const options = (organizations.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }));
  const { known, remember } = useKnownOption(options, value ?? null);
  const selectedOption = known ?? (value && chosenName ? { value, label: chosenName } : null);
  return (
    <SearchSelect
      label="Organization"
      placeholder={organizations.isPending ? 'Loading organizations…' : 'All organizations'}
      clearable
      value={value ?? null}
      onChange={(next, option) => {
        remember(next, option);
        onChange(next ?? undefined);
      }}
      options={options}
      total={organizations.data?.total}
      selectedOption={selectedOption}
      onSearch={setSearch}
      searching={organizations.isFetching}
      noun="organizations"
      error={
        organizations.isError
          ? `Could not load organizations: ${organizations.error.message}`
          : undefined
      }
      w={{ base: '100%', sm: 320 }}
    />
  );
}
