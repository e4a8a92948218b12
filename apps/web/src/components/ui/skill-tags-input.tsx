import { TagsInput, type TagsInputProps } from '@mantine/core';

type SkillTagsInputProps = Omit<TagsInputProps, 'data' | 'searchValue' | 'onSearchChange'> & {
  /** Suggestions for what is being typed (each feature reads them from /community/skills). */
  suggestions: string[];
  searchValue: string;
  onSearchChange: (value: string) => void;
};

/**
 * Skills as tags: Enter or a comma adds one, a suggestion can be picked, the same skill in
 * another case is not added twice. Shown as typed; the server folds case for matching.
 */
export function SkillTagsInput({
  suggestions,
  value,
  searchValue,
  onSearchChange,
  ...props
}: SkillTagsInputProps) {
  const chosen = new Set((value ?? []).map((s) => s.toLowerCase()));
  // A suggestion already chosen in another case would be a duplicate.
  const data = [...new Set(suggestions)].filter((s) => !chosen.has(s.toLowerCase()));
  return (
    <TagsInput
      {...props}
      value={value}
      data={data}
      searchValue={searchValue}
      onSearchChange={onSearchChange}
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
        props.onChange?.(unique);
      }}
    />
  );
}
