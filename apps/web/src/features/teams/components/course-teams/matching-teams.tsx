import { Stack, Text, Title } from '@mantine/core';
import type { TeamSummary } from '@teamup/shared';
import type { ReactNode } from 'react';
import { TeamGrid } from './team-grid';

type MatchingTeamsProps = {
  teams: TeamSummary[];
  renderTeam: (team: TeamSummary) => ReactNode;
};

/**
 * "Teams that want your skills": for a student without a team, the open teams of the list's first
 * page whose wanted skills include some of theirs, best matches first. They are listed here and
 * not again below (issue 24). Nothing at all when no team matches.
 */
export function MatchingTeams({ teams, renderTeam }: MatchingTeamsProps) {
  if (teams.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="matching-teams-heading">
      <Stack gap={2}>
        <Title order={3} fz="md" id="matching-teams-heading">
          Teams that want your skills
        </Title>
        <Text size="sm" c="dimmed">
          Open teams looking for skills you list on your profile; starred skills are yours.
        </Text>
      </Stack>
      <TeamGrid label="Teams that want your skills">{teams.map(renderTeam)}</TeamGrid>
    </Stack>
  );
}
