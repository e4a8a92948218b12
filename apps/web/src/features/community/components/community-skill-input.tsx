import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SkillTagsInput } from '@/components/ui/skill-tags-input';
import { useSkillSuggestions } from '../api/get-skill-suggestions';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-search';

type CommunitySkillInputProps = {
  value: string[];
  onChange: (skills: string[]) => void;
  maxTags: number;
};

/** The directory's skill filter, with suggestions from the skills used in my organizations. */
export function CommunitySkillInput({ value, onChange, maxTags }: CommunitySkillInputProps) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const suggestions = useSkillSuggestions(q);
  return (
    <SkillTagsInput
      label="Skills"
      placeholder={value.length === 0 ? 'e.g. React, SQL' : undefined}
      description={`Students who list every one (at most ${maxTags}).`}
      value={value}
      onChange={onChange}
      maxTags={maxTags}
      searchValue={typed}
      onSearchChange={setTyped}
      suggestions={suggestions.data?.items.map((s) => s.skill) ?? []}
    />
  );
}
