import { Anchor, Stack, Text, Title, type MantineColor } from '@mantine/core';
import type { ProfileLink } from '@teamup/shared';
import type { ReactNode } from 'react';
import { SkillBadges } from './skill-badges';

/** One part of a profile: a small heading over its content. */
function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function ProfileBio({ bio }: { bio: string }) {
  return (
    <ProfileSection title="Bio">
      <Text size="sm" c={bio ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
        {bio || 'No bio yet.'}
      </Text>
    </ProfileSection>
  );
}

type ProfileSkillsProps = {
  skills: string[];
  /** Skills to emphasise, see `SkillBadges`. */
  highlighted?: string[];
  /** The colour of the outlined badges, see `SkillBadges`. */
  color?: MantineColor;
};

export function ProfileSkills({ skills, highlighted, color }: ProfileSkillsProps) {
  return (
    <ProfileSection title="Skills">
      <SkillBadges
        skills={skills}
        highlighted={highlighted}
        color={color}
        empty="No skills listed yet."
      />
    </ProfileSection>
  );
}

export function ProfileLinks({ links }: { links: ProfileLink[] }) {
  return (
    <ProfileSection title="Links">
      {links.length > 0 ? (
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {links.map((link) => (
            <li key={`${link.label}-${link.url}`}>
              {/* blue.9 (about 6:1 on white), as the own profile always had. */}
              <Anchor
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                c="blue.9"
              >
                {link.label}
              </Anchor>
            </li>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No links yet.
        </Text>
      )}
    </ProfileSection>
  );
}
