import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Course } from '@teamup/shared';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { DeadlineText } from '@/components/ui/deadline-text';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useOrganizationCourses } from '../api/get-organization-courses';
import { ORGANIZATION_COURSES_PAGE_SIZE } from '../utils/list-options';

function CourseTitle({ course, linked }: { course: Course; linked: boolean }) {
  if (!linked)
    return (
      <Text size="sm" fw={600}>
        {course.title}
      </Text>
    );
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/admin/courses/$courseId" params={{ courseId: course.id }} />
      )}
      size="sm"
      fw={600}
      c="blue.9"
    >
      {course.title}
    </Anchor>
  );
}

function ArchivedBadge({ course }: { course: Course }) {
  if (!course.archivedAt) return null;
  return (
    <Badge color="gray.8" variant="outline" size="sm" style={{ flexShrink: 0 }}>
      Archived
    </Badge>
  );
}

function EnrollmentCounts({ course }: { course: Course }) {
  const { active, pending, inactive } = course.enrollmentCounts;
  return (
    <Text size="sm">
      {active} active
      <Text span c="dimmed" size="sm">
        {' '}
        · {pending} pending · {inactive} inactive
      </Text>
    </Text>
  );
}

function CoursesTable({ items, linked }: { items: Course[]; linked: boolean }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm" aria-label="Courses">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Code</Table.Th>
            <Table.Th scope="col">Title</Table.Th>
            <Table.Th scope="col">Term</Table.Th>
            <Table.Th scope="col">Team formation deadline</Table.Th>
            <Table.Th scope="col">Enrollments</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((course) => (
            <Table.Tr key={course.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{course.code}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <CourseTitle course={course} linked={linked} />
                  <ArchivedBadge course={course} />
                </Group>
              </Table.Td>
              <Table.Td>{course.term}</Table.Td>
              <Table.Td>
                <DeadlineText iso={course.teamFormationDeadline} />
              </Table.Td>
              <Table.Td>
                <EnrollmentCounts course={course} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CourseCard({ course, linked }: { course: Course; linked: boolean }) {
  return (
    <Card withBorder radius="md" padding="sm" component="article">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <CourseTitle course={course} linked={linked} />
          <ArchivedBadge course={course} />
        </Group>
        <Text size="sm" c="dimmed">
          {course.code} · {course.term}
        </Text>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Team formation deadline
          </Text>
          <DeadlineText iso={course.teamFormationDeadline} />
        </Stack>
        <EnrollmentCounts course={course} />
      </Stack>
    </Card>
  );
}

type OrganizationCoursesCardProps = {
  organizationId: string;
  /** Organization admins open a course's page; superadmins have no course pages. */
  linkToCourses: boolean;
  actions?: ReactNode;
  emptyText: string;
  /** Shown instead of the list when the courses cannot be listed (a deleted organization). */
  unavailableText?: string;
};

export function OrganizationCoursesCard({
  organizationId,
  linkToCourses,
  actions,
  emptyText,
  unavailableText,
}: OrganizationCoursesCardProps) {
  const [page, setPage] = useState(1);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const courses = useOrganizationCourses(
    organizationId,
    { page, limit: ORGANIZATION_COURSES_PAGE_SIZE },
    { enabled: !unavailableText },
  );

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="organization-courses-heading"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="organization-courses-heading">
              Courses
            </Title>
            <Text size="sm" c="dimmed">
              Every course of this organization, archived ones included.
            </Text>
          </Stack>
          {actions}
        </Group>

        {unavailableText ? (
          <EmptyState>{unavailableText}</EmptyState>
        ) : courses.isPending ? (
          <InlineLoader label="Loading courses" />
        ) : courses.isError ? (
          <ErrorAlert
            title="Could not load courses"
            error={courses.error}
            onRetry={() => void courses.refetch()}
          />
        ) : courses.data.items.length === 0 ? (
          <EmptyState>{emptyText}</EmptyState>
        ) : (
          <Box
            style={{ opacity: courses.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={courses.isPlaceholderData}
          >
            {wide ? (
              <CoursesTable items={courses.data.items} linked={linkToCourses} />
            ) : (
              <SimpleGrid cols={1} spacing="sm">
                {courses.data.items.map((course) => (
                  <CourseCard key={course.id} course={course} linked={linkToCourses} />
                ))}
              </SimpleGrid>
            )}
            <ListPagination
              page={courses.data.page}
              limit={courses.data.limit}
              total={courses.data.total}
              noun="courses"
              onChange={setPage}
            />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
