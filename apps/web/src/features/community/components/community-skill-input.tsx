import { SkillTagsInput } from '@/components/ui/skill-tags-input';

type CommunitySkillInputProps = {
  value: string[];
  onChange: (skills: string[]) => void;
  maxTags: number;
};

/** The directory's skill filter, with suggestions from the skills used in my organizations. */
export function CommunitySkillInput({ value, onChange, maxTags }: CommunitySkillInputProps) {
  return (
    <SkillTagsInput
      label="Skills"
      placeholder={value.length === 0 ? 'e.g. React, SQL' : undefined}
      description={`Students who list every one (at most ${maxTags}).`}
      value={value}
      onChange={onChange}
      maxTags={maxTags}
    />
  );
}
