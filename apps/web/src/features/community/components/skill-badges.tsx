import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';

type SkillBadgesProps = {
  skills: string[];
  /** Skills to emphasise (searched for, or wanted by the viewer's team). */
  highlighted?: string[];
  /** Shown when there are no skills; nothing when left out. */
  empty?: string;
};

/** A student's skills; the highlighted ones come first, filled and starred. */
export function SkillBadges({ skills, highlighted = [], empty }: SkillBadgesProps) {
  if (skills.length === 0) {
    return empty ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : null;
  }
  const marked = new Set(highlighted.map((s) => s.toLowerCase()));
  const isMarked = (s: string) => marked.has(s.toLowerCase());
  const ordered = [...skills.filter(isMarked), ...skills.filter((s) => !isMarked(s))];
  return (
    <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Skills">
      {ordered.map((skill) =>
        isMarked(skill) ? (
          <Badge
            key={skill}
            component="li"
            variant="filled"
            color="teal.9"
            tt="none"
            leftSection={<IconStarFilled size={10} aria-hidden />}
          >
            {skill}
            <VisuallyHidden> (matches)</VisuallyHidden>
          </Badge>
        ) : (
          <Badge key={skill} component="li" variant="outline" color="gray.7" tt="none">
            {skill}
          </Badge>
        ),
      )}
    </Group>
  );
}
