import { TagsInput, type TagsInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSkillSuggestions } from '@/lib/skill-suggestions';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-search';

type SkillTagsInputProps = Omit<
  TagsInputProps,
  'data' | 'searchValue' | 'onSearchChange' | 'onChange' | 'error'
> & {
  onChange: (skills: string[]) => void;
  /** A form error: shown when it is a message. */
  error?: unknown;
};

/**
 * Skills as tags: Enter or a comma adds one, a suggestion can be picked (the skills already used
 * by the students I may see, from /community/skills), the same skill in another case is not
 * added twice. Shown as typed; the server folds case for matching.
 */
export function SkillTagsInput({ value, onChange, error, ...props }: SkillTagsInputProps) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const suggestions = useSkillSuggestions(q);
  const chosen = new Set((value ?? []).map((s) => s.toLowerCase()));
  // A suggestion already chosen in another case would be a duplicate.
  const data = [...new Set(suggestions.data?.items.map((s) => s.skill) ?? [])].filter(
    (s) => !chosen.has(s.toLowerCase()),
  );
  return (
    <TagsInput
      {...props}
      value={value}
      error={typeof error === 'string' ? error : undefined}
      data={data}
      searchValue={typed}
      onSearchChange={setTyped}
      splitChars={[',']}
      acceptValueOnBlur
      clearable
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        const seen = new Set<string>();
        const unique = next
          .map((s) => s.trim())
          .filter((s) => {
            const key = s.toLowerCase();
            if (!s || seen.has(key)) return false;
            seen.add(key);
            return true;
          });
        onChange(unique);
      }}
    />
  );
}
