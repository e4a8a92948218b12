import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TeamSummary } from '@teamup/shared';
import { useState } from 'react';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { matchingTeamsQuery, useCourseTeams } from '../../api/get-course-teams';
import { ApplyModal } from '../shared/apply-modal';
import { TeamCard } from '../shared/team-card';
import { teamActions } from './course-team-list';
import type { CourseTeamState } from './use-course-team-state';

type MatchingTeamsProps = { courseId: string; state: CourseTeamState; locked: boolean };

/**
 * "Teams that want your skills": for a student without a team, the open teams whose wanted skills
 * include some of theirs, best matches first. Nothing at all when no team matches.
 */
export function MatchingTeams({ courseId, state, locked }: MatchingTeamsProps) {
  const teams = useCourseTeams(courseId, matchingTeamsQuery());
  const [applyingTo, setApplyingTo] = useState<TeamSummary | null>(null);
  if (teams.isPending) return <InlineLoader label="Loading teams that want your skills" />;
  if (teams.isError) {
    return (
      <ErrorAlert
        title="Could not load the teams that want your skills"
        error={teams.error}
        onRetry={() => void teams.refetch()}
      />
    );
  }
  const matching = teams.data.items.filter((t) => t.matchedSkills.length > 0);
  if (matching.length === 0) return null;
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
      <SimpleGrid
        cols={{ base: 1, sm: 2, xl: 3 }}
        spacing="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Teams that want your skills"
      >
        {matching.map((team) => (
          <TeamCard
            key={team.id}
            team={team}
            headingOrder={4}
            actions={teamActions({ team, state, locked, onApply: setApplyingTo })}
          />
        ))}
      </SimpleGrid>
      <ApplyModal team={applyingTo} onClose={() => setApplyingTo(null)} />
    </Stack>
  );
}
