import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TeamSummary } from '@teamup/shared';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/ui/router-link';
import { UserAvatar } from '@/components/ui/user-avatar';
import { OpennessBadge, RelationBadge } from './team-badges';
import { WantedSkills } from './wanted-skills';

export function membersText(team: Pick<TeamSummary, 'memberCount' | 'maxSize'>): string {
  return `${team.memberCount} / ${team.maxSize} members`;
}

export function seatsText(openSeats: number): string {
  if (openSeats <= 0) return 'no open seats';
  return `${openSeats} open seat${openSeats === 1 ? '' : 's'}`;
}

type TeamCardProps = {
  team: TeamSummary;
  /** Lists that mix courses name the course on each card. */
  showCourse?: boolean;
  /** Heading level of the team name inside the page's outline. */
  headingOrder?: 2 | 3 | 4;
  actions?: ReactNode;
};

/** One team in a list: name (link to the team), course, seats, leader and the viewer's relation. */
export function TeamCard({ team, showCourse = false, headingOrder = 3, actions }: TeamCardProps) {
  const headingId = `team-${team.id}-name`;
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-labelledby={headingId}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            {showCourse && (
              <Text size="xs" fw={700} c="blue.9" title={team.courseTitle}>
                {team.courseCode}
              </Text>
            )}
            <Title order={headingOrder} fz="md" id={headingId} style={{ wordBreak: 'break-word' }}>
              <AnchorLink to="/teams/$teamId" params={{ teamId: team.id }} inherit>
                {team.name}
              </AnchorLink>
            </Title>
          </Stack>
          <Group gap={4} justify="flex-end" wrap="wrap" style={{ flexShrink: 0 }}>
            <RelationBadge relation={team.relation} size="sm" />
            <OpennessBadge team={team} size="sm" />
          </Group>
        </Group>
        {team.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {team.description}
          </Text>
        )}
        <WantedSkills wanted={team.wantedSkills} matched={team.matchedSkills} size="xs" />
        <Text size="sm">
          <Text span fw={600} inherit>
            {membersText(team)}
          </Text>{' '}
          · {seatsText(team.openSeats)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <UserAvatar fullname={team.leader.fullname} avatar={team.leader.avatar} size="sm" />
          <Text size="sm" truncate>
            <Text span c="dimmed" inherit>
              Leader:
            </Text>{' '}
            {team.leader.fullname}
          </Text>
        </Group>
        {actions && (
          <Group gap="xs" mt="auto" pt={4} wrap="wrap">
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
