import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { Course } from '@teamup/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type ComponentType } from 'react';
import { AnchorLink, ButtonLink } from '@/components/ui/router-link';
import { DeadlineText } from '@/components/ui/deadline-text';
import { ListPagination } from '@/components/ui/list-pagination';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import type { SearchSelectFieldProps } from '@/components/ui/search-select';
import { useCourses } from '../api/get-courses';
import { toCourseListQuery, type CourseListSearch } from '../utils/course-list-search';

const ARCHIVED_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

function EnrollmentCounts({ counts }: { counts: Course['enrollmentCounts'] }) {
  return (
    <Text size="sm">
      {counts.active} active
      <Text component="span" c="dimmed" size="sm">
        {' '}
        · {counts.pending} pending · {counts.inactive} inactive
      </Text>
    </Text>
  );
}

function CourseRow({ course }: { course: Course }) {
  return (
    <Table.Tr>
      <Table.Td>
        <AnchorLink
          to="/admin/courses/$courseId"
          params={{ courseId: course.id }}
          fw={600}
          size="sm"
        >
          {course.code}
        </AnchorLink>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{course.title}</Text>
          {course.archivedAt && (
            <Badge size="sm" color="gray.7" variant="filled">
              Archived
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{course.organizationName}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{course.term}</Text>
      </Table.Td>
      <Table.Td>
        <DeadlineText iso={course.teamFormationDeadline} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{teamSizeText(course)}</Text>
      </Table.Td>
      <Table.Td>
        <EnrollmentCounts counts={course.enrollmentCounts} />
      </Table.Td>
    </Table.Tr>
  );
}

function teamSizeText(course: Course): string {
  return course.teamSizeMin === course.teamSizeMax
    ? String(course.teamSizeMin)
    : `${course.teamSizeMin}–${course.teamSizeMax}`;
}

/** Under 48em a seven-column table does not fit: one card per course instead. */
function CourseCards({ courses }: { courses: Course[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Courses">
      {courses.map((course) => (
        <Paper key={course.id} withBorder radius="md" p="sm" component="li">
          <Stack gap={4}>
            <Group gap={6}>
              <AnchorLink
                to="/admin/courses/$courseId"
                params={{ courseId: course.id }}
                fw={600}
                size="sm"
              >
                {course.code}
              </AnchorLink>
              <Text size="sm">{course.title}</Text>
              {course.archivedAt && (
                <Badge size="sm" color="gray.7" variant="filled">
                  Archived
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {course.organizationName} · {course.term} · teams of {teamSizeText(course)}
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                Deadline
              </Text>
              <DeadlineText iso={course.teamFormationDeadline} size="xs" />
            </Group>
            <EnrollmentCounts counts={course.enrollmentCounts} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

type CourseListPageProps = {
  search: CourseListSearch;
  onSearchChange: (next: Partial<CourseListSearch>) => void;
  /** The picker of the organizations the admin runs (the organizations feature's, via the route). */
  OrganizationSelect: ComponentType<SearchSelectFieldProps>;
};

export function CourseListPage({
  search,
  onSearchChange,
  OrganizationSelect,
}: CourseListPageProps) {
  const query = toCourseListQuery(search);
  const courses = useCourses(query);
  const [text, setText] = useState(search.search ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  useEffect(() => {
    if (debounced !== (search.search ?? '')) {
      onSearchChange({ search: debounced || undefined, page: undefined });
    }
  }, [debounced, search.search, onSearchChange]);

  const filtered =
    Boolean(search.search) || Boolean(search.organizationId) || query.archived !== 'active';

  return (
    <>
      <PageHeader
        title="Course Management"
        description="Courses of your organizations and their team rules."
        actions={
          <Group mt="sm">
            <ButtonLink
              to="/admin/courses/create"
              search={search.organizationId ? { organizationId: search.organizationId } : {}}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New course
            </ButtonLink>
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Code, title or term"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              type="search"
            />
            <OrganizationSelect
              label="Organization"
              placeholder="All organizations"
              value={search.organizationId ?? null}
              onChange={(value) =>
                onSearchChange({ organizationId: value ?? undefined, page: undefined })
              }
              clearable
              style={{ flex: '1 1 220px' }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="course-archived-filter">
                Show
              </Text>
              <SegmentedControl
                aria-labelledby="course-archived-filter"
                data={ARCHIVED_OPTIONS}
                value={query.archived}
                onChange={(value) =>
                  onSearchChange({
                    archived:
                      value === 'active' ? undefined : (value as CourseListSearch['archived']),
                    page: undefined,
                  })
                }
              />
            </Stack>
          </Group>

          {courses.isPending ? (
            <InlineLoader label="Loading courses" />
          ) : courses.isError ? (
            <ErrorAlert
              title="Could not load courses"
              error={courses.error}
              onRetry={() => void courses.refetch()}
            />
          ) : courses.data.items.length === 0 ? (
            <EmptyState>
              {filtered
                ? 'No course matches these filters.'
                : 'No courses yet. Create the first one with “New course”.'}
            </EmptyState>
          ) : (
            <>
              {narrow ? (
                <CourseCards courses={courses.data.items} />
              ) : (
                <Table.ScrollContainer minWidth={920}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    <VisuallyHidden component="caption">Courses</VisuallyHidden>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Code</Table.Th>
                        <Table.Th>Title</Table.Th>
                        <Table.Th>Organization</Table.Th>
                        <Table.Th>Term</Table.Th>
                        <Table.Th>Team formation deadline</Table.Th>
                        <Table.Th>Team size</Table.Th>
                        <Table.Th>Enrollments</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {courses.data.items.map((c) => (
                        <CourseRow key={c.id} course={c} />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <ListPagination
                page={courses.data.page}
                limit={courses.data.limit}
                total={courses.data.total}
                noun="courses"
                onChange={(page) => onSearchChange({ page: page === 1 ? undefined : page })}
              />
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}
