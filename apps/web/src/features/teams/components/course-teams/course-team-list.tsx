import { Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TeamSummary } from '@teamup/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { courseTeamListQuery, useCourseTeams } from '../../api/get-course-teams';
import { InvitationActions } from '../shared/invitation-actions';
import { TeamCard } from '../shared/team-card';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-search';
import { WithdrawRequestButton } from '../shared/withdraw-request-button';
import { ApplyModal } from '../shared/apply-modal';
import { splitMatchingTeams } from '../../utils/split-matching-teams';
import { MatchingTeams } from './matching-teams';
import { TeamGrid } from './team-grid';
import type { CourseTeamState } from './use-course-team-state';

type TeamActionsProps = {
  team: TeamSummary;
  state: CourseTeamState | undefined;
  locked: boolean;
  onApply: (team: TeamSummary) => void;
};

/** What the viewer can do with one team of the list, from their relation to it; null for nothing. */
export function teamActions({ team, state, locked, onApply }: TeamActionsProps): ReactNode {
  if (team.relation === 'LEADER' || team.relation === 'MEMBER') return null;
  if (locked) return null;
  if (team.relation === 'REQUESTED') {
    const request = state?.requestByTeam.get(team.id);
    return request ? <WithdrawRequestButton requestId={request.id} teamName={team.name} /> : null;
  }
  if (team.relation === 'INVITED') {
    const invitation = state?.invitationByTeam.get(team.id);
    return invitation ? (
      <InvitationActions invitationId={invitation.id} teamName={team.name} />
    ) : null;
  }
  // NONE: applying needs a free seat, an open team, and no team of one's own in the course.
  if (!state || state.team) return null;
  if (!team.openToRequests) {
    return team.openSeats <= 0 ? null : (
      <Text size="xs" c="dimmed">
        Not taking requests
      </Text>
    );
  }
  // A full team takes the ask on its waitlist (issue 15).
  if (team.openSeats <= 0) {
    return (
      <Button
        size="xs"
        variant="light"
        onClick={() => onApply(team)}
        aria-label={`Join waitlist of ${team.name}`}
      >
        Join waitlist
      </Button>
    );
  }
  return (
    <Button size="xs" onClick={() => onApply(team)} aria-label={`Apply to ${team.name}`}>
      Apply
    </Button>
  );
}

type CourseTeamListProps = {
  courseId: string;
  state: CourseTeamState | undefined;
  locked: boolean;
  /**
   * Set apart "Teams that want your skills" (a student without a team, before the deadline):
   * from the first page of open teams unsearched, so each team is listed once.
   */
  showMatching?: boolean;
};

/**
 * The course's teams (by default those a student could ask to join: taking requests, with a free
 * seat; the server applies that rule), searchable, page by page; those wanting my skills first,
 * set apart above the others when `showMatching`.
 */
export function CourseTeamList({
  courseId,
  state,
  locked,
  showMatching = false,
}: CourseTeamListProps) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [openOnly, setOpenOnly] = useState(true);
  const [page, setPage] = useState(1);
  const [applyingTo, setApplyingTo] = useState<TeamSummary | null>(null);
  const teams = useCourseTeams(courseId, courseTeamListQuery({ page, openOnly, search }));

  const { matching, others } = splitMatchingTeams(
    teams.data?.items ?? [],
    showMatching && openOnly && page === 1 && !search,
  );
  const heading = openOnly
    ? matching.length > 0
      ? 'Other teams with open seats'
      : 'Teams with open seats'
    : 'All teams in this course';
  const renderTeam = (team: TeamSummary) => (
    <TeamCard
      key={team.id}
      team={team}
      headingOrder={4}
      actions={teamActions({ team, state, locked, onApply: setApplyingTo })}
    />
  );

  return (
    <>
      <MatchingTeams teams={matching} renderTeam={renderTeam} />
      <Stack gap="sm" component="section" aria-labelledby="course-teams-heading">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Title order={3} fz="md" id="course-teams-heading">
            {heading}
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
            <Switch
              label="Only teams with open seats"
              checked={openOnly}
              onChange={(e) => {
                setOpenOnly(e.currentTarget.checked);
                setPage(1);
              }}
            />
            <TextInput
              label="Search teams"
              placeholder="Team name"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: 240 }}
            />
          </Group>
        </Group>
        {teams.isPending ? (
          <InlineLoader label="Loading teams" />
        ) : teams.isError ? (
          <ErrorAlert
            title="Could not load the teams"
            error={teams.error}
            onRetry={() => void teams.refetch()}
          />
        ) : others.length === 0 && matching.length === 0 ? (
          <EmptyState>
            {search
              ? 'No team matches your search.'
              : openOnly
                ? 'No team has an open seat right now.'
                : 'No teams in this course yet.'}
            {!locked && !search && state && !state.team ? ' Create one and invite classmates.' : ''}
          </EmptyState>
        ) : (
          <>
            {others.length === 0 ? (
              <EmptyState>
                Every team with an open seat here wants your skills: see above.
              </EmptyState>
            ) : (
              <TeamGrid label={heading}>{others.map(renderTeam)}</TeamGrid>
            )}
            <ListPagination
              page={teams.data.page}
              limit={teams.data.limit}
              total={teams.data.total}
              noun="teams"
              onChange={setPage}
            />
          </>
        )}
        <ApplyModal
          team={applyingTo}
          waitlist={applyingTo !== null && applyingTo.openSeats <= 0}
          onClose={() => setApplyingTo(null)}
        />
      </Stack>
    </>
  );
}
