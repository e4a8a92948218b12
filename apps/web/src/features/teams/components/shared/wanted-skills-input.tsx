import { WANTED_SKILL_MAX } from '@teamup/shared';
import { SkillTagsInput } from '@/components/ui/skill-tags-input';

type WantedSkillsInputProps = {
  value?: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  error?: unknown;
};

/** The team's wanted skills as tags, with suggestions from the skills students already list. */
export function WantedSkillsInput(props: WantedSkillsInputProps) {
  return (
    <SkillTagsInput
      label="Wanted skills"
      description={`Skills the team is looking for (at most ${WANTED_SKILL_MAX}); students who have them see your team first.`}
      maxTags={WANTED_SKILL_MAX}
      {...props}
    />
  );
}
