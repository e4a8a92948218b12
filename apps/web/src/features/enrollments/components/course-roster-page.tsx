import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { EnrollmentStatus } from '@teamup/shared';
import { IconArrowLeft, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { AnchorLink, ButtonLink } from '@/components/ui/router-link';
import { DeadlineText } from '@/components/ui/deadline-text';
import { ListPagination } from '@/components/ui/list-pagination';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useCourseRoster } from '../api/get-course-roster';
import { useRosterCourse } from '../api/get-roster-course';
import { AddStudentModal } from './add-student-modal';
import { EnrollmentDrawer, type TeamHistoryComponent } from './enrollment-drawer';
import { STATUS_OPTIONS } from './enrollment-status-badge';
import { EnrollmentTable } from './enrollment-table';
import { useDebouncedSearch } from './use-debounced-search';
import { toRosterQuery, type RosterSearch } from '../utils/list-search';

const DESCRIPTION = 'Enrollments of this course and their status.';

type CourseRosterPageProps = {
  courseId: string;
  search: RosterSearch;
  onSearchChange: (next: Partial<RosterSearch>) => void;
  /** A student's team history in the enrollment panel (the formation feature's, via the route). */
  TeamHistory?: TeamHistoryComponent;
  /** Where the way back leads: Student Management for admins, Courses I teach for course staff. */
  backTo?: 'management' | 'teaching';
};

export function CourseRosterPage({
  courseId,
  search,
  onSearchChange,
  TeamHistory,
  backTo = 'management',
}: CourseRosterPageProps) {
  const course = useRosterCourse(courseId);
  const roster = useCourseRoster(courseId, toRosterQuery(search));
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const commitSearch = useCallback(
    (value: string | undefined) => onSearchChange({ search: value, page: undefined }),
    [onSearchChange],
  );
  const [text, setText] = useDebouncedSearch(search.search, commitSearch);

  if (course.isError) {
    const notFound = course.error instanceof ApiError && course.error.status === 404;
    return (
      <>
        <PageHeader title="Course students" description={DESCRIPTION} />
        {notFound ? (
          <Alert color="red.9" variant="outline" title="Course not found" role="alert">
            <Text size="sm" mb="sm">
              {backTo === 'teaching'
                ? 'This course does not exist or you do not teach it.'
                : 'This course does not exist or belongs to an organization you do not run.'}
            </Text>
            {backTo === 'teaching' ? (
              <AnchorLink to="/teaching" size="sm">
                Back to Courses I teach
              </AnchorLink>
            ) : (
              <AnchorLink to="/admin/students" size="sm">
                Back to Student Management
              </AnchorLink>
            )}
          </Alert>
        ) : (
          <ErrorAlert
            title="Could not load the course"
            error={course.error}
            onRetry={() => void course.refetch()}
          />
        )}
      </>
    );
  }

  const c = course.data;
  const archived = Boolean(c?.archivedAt);

  return (
    <>
      <PageHeader
        title={c ? `Students of ${c.code}` : 'Course students'}
        description={c ? `${c.title} · ${c.term} · ${c.organizationName}` : DESCRIPTION}
        actions={
          <Group mt="sm" gap="sm">
            <ButtonLink
              to="/admin/courses/$courseId/roster"
              params={{ courseId }}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {/* Back to the course page's Roster section (issue 35). */}
              Course page
            </ButtonLink>
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
              disabled={!c || archived}
              title={archived ? 'Restore the course to add students' : undefined}
            >
              Add student
            </Button>
          </Group>
        }
      />
      {c && (
        <Group gap="lg" mb="md" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Term{' '}
            </Text>
            {c.term}
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Team size{' '}
            </Text>
            {c.teamSizeMin}–{c.teamSizeMax}
          </Text>
          <Group gap={6}>
            <Text span c="dimmed" size="sm">
              Deadline
            </Text>
            <DeadlineText iso={c.teamFormationDeadline} withRelative />
          </Group>
          <Text size="sm">
            {c.enrollmentCounts.active} active · {c.enrollmentCounts.pending} pending ·{' '}
            {c.enrollmentCounts.inactive} inactive
          </Text>
          {archived && (
            <Badge color="gray.7" variant="filled">
              Archived
            </Badge>
          )}
        </Group>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Name or email"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: '2 1 220px' }}
            />
            <Select
              label="Status"
              placeholder="Any status"
              data={STATUS_OPTIONS}
              value={search.status ?? null}
              onChange={(value) =>
                onSearchChange({
                  status: (value as EnrollmentStatus | null) ?? undefined,
                  page: undefined,
                })
              }
              clearable
              style={{ flex: '1 1 160px' }}
            />
            {c && c.sections.length > 0 && (
              <Select
                label="Section"
                placeholder="Any section"
                data={c.sections.map((s) => ({
                  value: s.name,
                  label: `${s.name} (${s.activeStudents} active)`,
                }))}
                value={search.section ?? null}
                onChange={(value) =>
                  onSearchChange({ section: value ?? undefined, page: undefined })
                }
                clearable
                style={{ flex: '1 1 160px' }}
              />
            )}
          </Group>
          {roster.isPending ? (
            <InlineLoader label="Loading students" />
          ) : roster.isError ? (
            <ErrorAlert
              title="Could not load the students of this course"
              error={roster.error}
              onRetry={() => void roster.refetch()}
            />
          ) : roster.data.items.length === 0 ? (
            <EmptyState>
              {search.search || search.status || search.section
                ? 'No student matches these filters.'
                : backTo === 'teaching'
                  ? 'Nobody is enrolled yet. Add students by hand with Add student.'
                  : 'Nobody is enrolled yet. Add students by hand or upload a class roster under Enroll Students.'}
            </EmptyState>
          ) : (
            <>
              <EnrollmentTable
                items={roster.data.items}
                caption="Students of this course"
                showCourse={false}
                showSection={Boolean(c && c.sections.length > 0)}
                onOpen={(e) => setOpenId(e.id)}
              />
              <ListPagination
                page={roster.data.page}
                limit={roster.data.limit}
                total={roster.data.total}
                noun="enrollments"
                onChange={(page) => onSearchChange({ page: page === 1 ? undefined : page })}
              />
            </>
          )}
        </Stack>
      </Paper>
      <EnrollmentDrawer
        enrollmentId={openId}
        onClose={() => setOpenId(null)}
        TeamHistory={TeamHistory}
      />
      {c && (
        <AddStudentModal
          opened={adding}
          onClose={() => setAdding(false)}
          fixedCourse={{ id: c.id, code: c.code, title: c.title }}
        />
      )}
    </>
  );
}
