import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TeamDetail } from '@teamup/shared';
import { IconUsers } from '@tabler/icons-react';
import { AnchorLink } from '@/components/ui/router-link';
import { WantedSkills } from '../shared/wanted-skills';
import { seatsSummary } from './team-rules';

const RELATION_LABEL = {
  LEADER: 'You lead this team',
  MEMBER: 'You are a member',
  REQUESTED: 'Request pending',
  INVITED: 'You are invited',
} as const;

/**
 * The page's header once the team is known: its name is the page's one heading (level 1), under
 * the course it belongs to; then description, openness and seats, what a visitor decides on
 * (the deadline has its own card, said once).
 */
export function TeamHeader({ team }: { team: TeamDetail }) {
  const disbanded = Boolean(team.disbandedAt);
  const relation = team.viewer.relation;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="team-name"
      h="100%"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <AnchorLink
            to="/courses/$courseId"
            params={{ courseId: team.courseId }}
            size="sm"
            fw={600}
            c="blue.9"
          >
            {team.courseCode} · {team.courseTitle}
          </AnchorLink>
          <Title
            order={1}
            id="team-name"
            fz={{ base: 22, sm: 26 }}
            style={{ wordBreak: 'break-word' }}
          >
            {team.name}
          </Title>
        </Stack>
        <Group gap="xs" wrap="wrap" aria-label="Team status">
          {disbanded ? (
            <Badge color="red.9" variant="filled">
              Disbanded
            </Badge>
          ) : (
            <>
              {team.openToRequests ? (
                <Badge color="teal.9" variant="filled">
                  Open to requests
                </Badge>
              ) : (
                <Badge color="gray.7" variant="filled">
                  Closed to requests
                </Badge>
              )}
              {team.openSeats <= 0 && (
                <Badge color="gray.7" variant="outline">
                  Full
                </Badge>
              )}
            </>
          )}
          {relation !== 'NONE' && (
            <Badge color="blue.9" variant="outline">
              {relation === 'REQUESTED' && team.viewer.waitlistedRequestId
                ? 'On the waitlist'
                : RELATION_LABEL[relation]}
            </Badge>
          )}
          {team.course.archived && (
            <Badge color="gray.7" variant="filled">
              Course archived
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {team.description || (
            <Text span c="dimmed" inherit>
              No description yet.
            </Text>
          )}
        </Text>
        <WantedSkills wanted={team.wantedSkills} matched={team.matchedSkills} size="md" />
        <Group gap="lg" wrap="wrap">
          {!disbanded && (
            <Group gap={6} wrap="nowrap">
              <IconUsers size={18} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm" fw={600}>
                {seatsSummary(team)}
              </Text>
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
