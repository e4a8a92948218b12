import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { useAllTeams } from '../../api/get-all-teams';
import { TeamCard } from '../shared/team-card';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { toAllTeamsQuery, type AllTeamsSearch } from '../../utils/all-teams-search';

export type CourseOption = { value: string; label: string };

type AllTeamsPageProps = {
  search: AllTeamsSearch;
  onSearchChange: (next: Partial<AllTeamsSearch>) => void;
  /** The student's courses for the course filter (the route loads them); undefined while loading. */
  courseOptions: CourseOption[] | undefined;
  courseOptionsError?: Error | null;
};

function SearchBox({
  value,
  onCommit,
}: {
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
}) {
  const [text, setText] = useDebouncedSearch(value, onCommit);
  return (
    <TextInput
      label="Search"
      placeholder="Team name"
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      w={{ base: '100%', sm: 260 }}
    />
  );
}

export function AllTeamsPage({
  search,
  onSearchChange,
  courseOptions,
  courseOptionsError,
}: AllTeamsPageProps) {
  const teams = useAllTeams(toAllTeamsQuery(search));
  const commitSearch = useCallback(
    (value: string | undefined) => onSearchChange({ search: value, page: undefined }),
    [onSearchChange],
  );
  const filtered = Boolean(search.courseId || search.open || search.search);

  return (
    <>
      <PageHeader
        title="All Teams"
        description="Teams in your courses that you can apply to join."
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter teams">
            <SearchBox value={search.search} onCommit={commitSearch} />
            <Select
              label="Course"
              placeholder={courseOptions ? 'All courses' : 'Loading courses…'}
              data={courseOptions ?? []}
              value={search.courseId ?? null}
              onChange={(value) =>
                onSearchChange({ courseId: value ?? undefined, page: undefined })
              }
              clearable
              searchable
              nothingFoundMessage="No course matches"
              error={
                courseOptionsError
                  ? `Could not load your courses: ${courseOptionsError.message}`
                  : undefined
              }
              w={{ base: '100%', sm: 300 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Switch
              label="Only teams with open seats"
              checked={Boolean(search.open)}
              onChange={(e) =>
                onSearchChange({ open: e.currentTarget.checked || undefined, page: undefined })
              }
              mb={8}
            />
            {filtered && (
              <Button
                variant="subtle"
                onClick={() =>
                  onSearchChange({
                    courseId: undefined,
                    open: undefined,
                    search: undefined,
                    page: undefined,
                  })
                }
              >
                Clear filters
              </Button>
            )}
          </Group>
          {teams.isPending ? (
            <InlineLoader label="Loading teams" />
          ) : teams.isError ? (
            <ErrorAlert
              title="Could not load the teams"
              error={teams.error}
              onRetry={() => void teams.refetch()}
            />
          ) : teams.data.items.length === 0 ? (
            filtered ? (
              <EmptyState>No team matches these filters.</EmptyState>
            ) : (
              <Stack gap={4} align="center" py="md">
                <Text c="dimmed" ta="center">
                  There are no teams in your courses yet.
                </Text>
                <Text size="sm" c="dimmed" ta="center">
                  Start one: open a course from{' '}
                  <AnchorLink to="/courses" inherit underline="always">
                    My Enrollments
                  </AnchorLink>{' '}
                  and choose “Create team”.
                </Text>
              </Stack>
            )
          ) : (
            <>
              <SimpleGrid
                cols={{ base: 1, sm: 2, xl: 3 }}
                spacing="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label="Teams"
              >
                {teams.data.items.map((team) => (
                  <TeamCard key={team.id} team={team} showCourse headingOrder={2} />
                ))}
              </SimpleGrid>
              <ListPagination
                page={teams.data.page}
                limit={teams.data.limit}
                total={teams.data.total}
                noun="teams"
                onChange={(page) => onSearchChange({ page: page === 1 ? undefined : page })}
              />
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}
