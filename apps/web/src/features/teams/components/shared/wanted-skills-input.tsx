import { useDebouncedValue } from '@mantine/hooks';
import { WANTED_SKILL_MAX } from '@teamup/shared';
import { useState } from 'react';
import { SkillTagsInput } from '@/components/ui/skill-tags-input';
import { useSkillSuggestions } from '../../api/get-skill-suggestions';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-search';

type WantedSkillsInputProps = {
  value?: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  error?: unknown;
};

/** The team's wanted skills as tags, with suggestions from the skills students already list. */
export function WantedSkillsInput({ value, onChange, onBlur, error }: WantedSkillsInputProps) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const suggestions = useSkillSuggestions(q);
  return (
    <SkillTagsInput
      label="Wanted skills"
      description={`Skills the team is looking for (at most ${WANTED_SKILL_MAX}); students who have them see your team first.`}
      maxTags={WANTED_SKILL_MAX}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={typeof error === 'string' ? error : undefined}
      searchValue={typed}
      onSearchChange={setTyped}
      suggestions={suggestions.data?.items.map((s) => s.skill) ?? []}
    />
  );
}
