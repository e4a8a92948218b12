import { Accordion, Badge, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TeamSummary } from '@teamup/shared';
import { IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useEffect, useState } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { asActor, type CourseActor } from '@/lib/course-role-words';
import { useCourseTeams } from '../api/get-course-teams';
import { TeamMembersPanel } from './team-members-panel';

dayjs.extend(localizedFormat);

const TEAMS_PER_PAGE = 10;
const SEARCH_DEBOUNCE_MS = 300;

function SeatsBadge({ team }: { team: TeamSummary }) {
  // Dark fills (or autoContrast) keep the white label at 4.5:1 (axe color-contrast).
  if (team.openSeats <= 0) return <Badge color="gray.7">Full</Badge>;
  if (!team.openToRequests)
    return (
      <Badge color="yellow.5" autoContrast>
        Closed
      </Badge>
    );
  return <Badge color="teal.9">Open</Badge>;
}

/**
 * The course's teams for its organization admins and its staff: read any team, add, move or
 * remove members. `actor` says who reads it, for words of their role (issue 35).
 */
export function CourseTeamsAdminSection({
  courseId,
  actor = null,
  activityLog = true,
}: {
  courseId: string;
  actor?: CourseActor | null;
  /** Links to each team's page and activity log (organization admins; see TeamMembersPanel). */
  activityLog?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [openTeam, setOpenTeam] = useState<string | null>(null);
  const teams = useCourseTeams(courseId, {
    page,
    limit: TEAMS_PER_PAGE,
    ...(debounced ? { search: debounced } : {}),
  });

  // A new search starts at its first page.
  useEffect(() => setPage(1), [debounced]);

  // The last team of the last page removed (disbanded): step back to a page that exists.
  const total = teams.data?.total ?? 0;
  useEffect(() => {
    const last = Math.max(1, Math.ceil(total / TEAMS_PER_PAGE));
    if (teams.data && page > last) setPage(last);
  }, [teams.data, total, page]);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="admin-teams-heading"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="admin-teams-heading">
            Teams
          </Title>
          <Text size="sm" c="dimmed">
            {asActor(
              actor,
              'can change any team’s members, even after the team formation deadline; every change is recorded in the team’s activity log.',
            )}
          </Text>
        </div>
        <TextInput
          label="Search teams"
          placeholder="Team name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={360}
        />
        {teams.isPending ? (
          <InlineLoader label="Loading teams" />
        ) : teams.isError ? (
          <ErrorAlert
            title="Could not load the teams"
            error={teams.error}
            onRetry={() => void teams.refetch()}
          />
        ) : teams.data.items.length === 0 ? (
          <EmptyState>
            {debounced ? `No team matches “${debounced}”.` : 'No team in this course yet.'}
          </EmptyState>
        ) : (
          <>
            <Accordion
              variant="separated"
              radius="md"
              value={openTeam}
              onChange={setOpenTeam}
              chevronPosition="left"
            >
              {teams.data.items.map((t) => (
                <Accordion.Item key={t.id} value={t.id}>
                  <Accordion.Control
                    aria-label={`${t.name}, ${t.memberCount} of ${t.maxSize} members`}
                  >
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm" truncate>
                          {t.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          Led by {t.leader.fullname} · created {dayjs(t.createdAt).format('ll')}
                        </Text>
                      </div>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">
                          {t.memberCount}/{t.maxSize} members
                        </Text>
                        <SeatsBadge team={t} />
                      </Group>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {/* Mounted only when open: each open team loads its members on demand. */}
                    {openTeam === t.id && (
                      <TeamMembersPanel
                        courseId={courseId}
                        teamId={t.id}
                        activityLog={activityLog}
                      />
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </>
        )}
        {teams.data && (
          <ListPagination
            page={page}
            limit={TEAMS_PER_PAGE}
            total={teams.data.total}
            onChange={setPage}
            noun="teams"
          />
        )}
      </Stack>
    </Paper>
  );
}
