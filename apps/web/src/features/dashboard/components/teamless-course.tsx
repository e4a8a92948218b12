import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DashboardTeamlessCourse } from '@teamup/shared';
import { DeadlineText } from '@/components/ui/deadline-text';
import { AnchorLink } from '@/components/ui/router-link';
import { SkillBadges } from '@/components/ui/skill-badges';
import { UserAvatar } from '@/components/ui/user-avatar';
import { countOf } from '@/lib/format';

/**
 * A course where the student has no team: the deadline counting down and the best next steps,
 * open teams that want their skills first and classmates who are looking, each linking to the
 * place to act (the course page, the team, the community filtered to the course).
 */
export function TeamlessCourse({ course }: { course: DashboardTeamlessCourse }) {
  const headingId = `teamless-${course.courseId}`;
  const { openTeams, lookingClassmates } = course;
  return (
    <Card component="li" withBorder radius="md" padding="sm" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Stack gap={2}>
          <Title order={4} fz="sm" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            No team yet in{' '}
            <AnchorLink
              to="/courses/$courseId"
              params={{ courseId: course.courseId }}
              inherit
              underline="always"
            >
              {course.code} · {course.title}
            </AnchorLink>
          </Title>
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed" component="span">
              Teams of {course.teamSizeMin}–{course.teamSizeMax}; deadline
            </Text>
            <DeadlineText iso={course.teamFormationDeadline} withRelative size="xs" />
            {course.lookingForTeam && (
              <Badge size="sm" color="teal.9" variant="filled">
                You are looking
              </Badge>
            )}
          </Group>
        </Stack>

        {course.deadlinePassed ? (
          <Text size="sm">
            The deadline has passed: students can no longer join teams here. Your instructor can
            still place you in one.
          </Text>
        ) : (
          <>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {course.openTeamCount === 0
                  ? 'No team has a free seat right now: create one on the course page.'
                  : `${countOf(course.openTeamCount, 'open team has', 'open teams have')} a free seat`}
              </Text>
              {openTeams.length > 0 && (
                <Stack
                  component="ul"
                  gap={4}
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                  aria-label={`Open teams in ${course.code}`}
                >
                  {openTeams.map((team) => (
                    <Group component="li" key={team.id} gap="xs" wrap="wrap">
                      <AnchorLink
                        to="/teams/$teamId"
                        params={{ teamId: team.id }}
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {team.name}
                      </AnchorLink>
                      <Text size="xs" c="dimmed" component="span">
                        {team.memberCount}/{team.maxSize} members
                      </Text>
                      {team.matchedSkills.length > 0 && (
                        <SkillBadges
                          skills={team.matchedSkills}
                          highlighted={team.matchedSkills}
                          highlightedNote=" (wanted, you have it)"
                          size="sm"
                          list={false}
                        />
                      )}
                    </Group>
                  ))}
                </Stack>
              )}
              <AnchorLink
                to="/courses/$courseId"
                params={{ courseId: course.courseId }}
                size="sm"
                aria-label={
                  course.openTeamCount > openTeams.length
                    ? `See all ${course.openTeamCount} open teams of ${course.code}`
                    : `See the course’s teams: ${course.code}`
                }
              >
                {course.openTeamCount > openTeams.length
                  ? `See all ${course.openTeamCount} open teams`
                  : 'See the course’s teams'}
              </AnchorLink>
            </Stack>

            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {course.lookingClassmateCount === 0
                  ? 'No classmate says they are looking for a team yet.'
                  : `${countOf(course.lookingClassmateCount, 'classmate is', 'classmates are')} looking for a team`}
              </Text>
              {lookingClassmates.length > 0 && (
                <Group
                  component="ul"
                  gap="sm"
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                  aria-label={`Classmates looking for a team in ${course.code}`}
                >
                  {lookingClassmates.map((c) => (
                    <Group component="li" key={c.id} gap={6} wrap="nowrap" maw="100%">
                      <UserAvatar fullname={c.fullname} avatar={c.avatar} size="sm" />
                      <AnchorLink
                        to="/community/$userId"
                        params={{ userId: c.id }}
                        size="sm"
                        title={c.lookingNote || c.headline || undefined}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {c.fullname}
                      </AnchorLink>
                    </Group>
                  ))}
                </Group>
              )}
              {course.lookingClassmateCount > 0 && (
                <AnchorLink
                  to="/community"
                  search={{ courseId: course.courseId, looking: true }}
                  size="sm"
                  aria-label={`See who is looking for a team in ${course.code}`}
                >
                  See who is looking
                </AnchorLink>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}
