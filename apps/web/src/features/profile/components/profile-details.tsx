import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Profile, Role } from '@teamup/shared';
import { ProfileBio, ProfileLinks, ProfileSkills } from '@/components/ui/profile-sections';
import { UserAvatar } from '@/components/ui/user-avatar';

const ROLE_LABEL: Record<Role, string> = {
  STUDENT: 'Student',
  ORG_ADMIN: 'Organization admin',
  SUPERADMIN: 'Superadmin',
};

const VISIBILITY_LABEL: Record<Profile['profileVisibility'], string> = {
  CLASSMATES: 'Visible to classmates',
  ORGANIZATION: 'Visible to everyone in my organizations',
};

type ProfileDetailsProps = { profile: Profile; isStudent: boolean };

export function ProfileDetails({ profile, isStudent }: ProfileDetailsProps) {
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <UserAvatar fullname={profile.fullname} avatar={profile.avatar} size={72} radius="xl" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="xl">
            {profile.fullname}
          </Title>
          {profile.headline && (
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {profile.headline}
            </Text>
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {profile.email}
            {isStudent && (
              <Text span size="sm" c="dimmed">
                {profile.showEmail ? ' · shown to other students' : ' · hidden from other students'}
              </Text>
            )}
          </Text>
          <Group gap="xs">
            <Badge variant="filled" color="blue.9">
              {ROLE_LABEL[profile.role] ?? profile.role}
            </Badge>
            {isStudent && (
              <Badge variant="outline" color="gray.8" tt="none">
                {VISIBILITY_LABEL[profile.profileVisibility]}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>

      <ProfileBio bio={profile.bio} />
      <ProfileSkills skills={profile.skills} color="blue.9" />
      <ProfileLinks links={profile.links} />
    </Stack>
  );
}
