import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';

type WantedSkillsProps = {
  wanted: string[];
  /** Those of `wanted` the viewer has (emphasised). */
  matched?: string[];
  size?: 'xs' | 'sm' | 'md';
};

/** "Wants: React, SQL": the skills a team is looking for; the viewer's own ones starred. */
export function WantedSkills({ wanted, matched = [], size = 'sm' }: WantedSkillsProps) {
  if (wanted.length === 0) return null;
  const mine = new Set(matched.map((s) => s.toLowerCase()));
  return (
    <Group gap={4} wrap="wrap" align="center">
      <Text size={size === 'md' ? 'sm' : 'xs'} c="dimmed" span>
        Wants:
      </Text>
      <Group
        gap={4}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Wanted skills"
      >
        {wanted.map((skill) =>
          mine.has(skill.toLowerCase()) ? (
            <Badge
              key={skill}
              component="li"
              size={size}
              variant="filled"
              color="teal.9"
              tt="none"
              leftSection={<IconStarFilled size={10} aria-hidden />}
            >
              {skill}
              <VisuallyHidden> (you have it)</VisuallyHidden>
            </Badge>
          ) : (
            <Badge
              key={skill}
              component="li"
              size={size}
              variant="outline"
              color="gray.7"
              tt="none"
            >
              {skill}
            </Badge>
          ),
        )}
      </Group>
    </Group>
  );
}
