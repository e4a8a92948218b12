import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CommunityStudent } from '@teamup/shared';
import { IconUser } from '@tabler/icons-react';
import { AnchorLink, ButtonLink } from '@/components/ui/router-link';
import { SkillBadges } from '@/components/ui/skill-badges';
import { UserAvatar } from '@/components/ui/user-avatar';
import { InviteActions } from './invite-actions';
import { SharedCourses } from './shared-courses';

type StudentCardProps = {
  student: CommunityStudent;
  /** Words for the courses list ("In common" for a student, "Courses" for an admin). */
  coursesLabel: string;
  /** What the courses line says when there is none to show. */
  coursesEmpty?: string;
};

/** One student in the directory: who they are, what they can do, where they stand, and actions. */
export function StudentCard({
  student,
  coursesLabel,
  coursesEmpty = 'No course to show.',
}: StudentCardProps) {
  const headingId = `student-${student.id}-name`;
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <UserAvatar fullname={student.fullname} avatar={student.avatar} size="lg" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              <AnchorLink to="/community/$userId" params={{ userId: student.id }} inherit>
                {student.fullname}
              </AnchorLink>
            </Title>
            {student.headline && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {student.headline}
              </Text>
            )}
            {student.email && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {student.email}
              </Text>
            )}
          </Stack>
        </Group>
        <SkillBadges
          skills={student.skills}
          highlighted={student.highlightedSkills}
          empty="No skills listed."
        />
        <Stack gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {coursesLabel}
          </Text>
          <SharedCourses courses={student.courses} empty={coursesEmpty} />
        </Stack>
        <Group gap="xs" mt="auto" pt={4} wrap="wrap">
          <InviteActions student={student} />
          <ButtonLink
            to="/community/$userId"
            params={{ userId: student.id }}
            size="xs"
            variant="default"
            leftSection={<IconUser size={14} aria-hidden />}
            aria-label={`View profile of ${student.fullname}`}
          >
            View profile
          </ButtonLink>
        </Group>
      </Stack>
    </Card>
  );
}
