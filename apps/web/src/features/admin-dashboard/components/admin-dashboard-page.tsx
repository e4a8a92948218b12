import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type {
  AdminDashboardQuery,
  AdminDashboardStats,
  AttentionItem,
  DashboardCourseStats,
} from '@teamup/shared';
import { DeadlineText } from '@/components/ui/deadline-text';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink, ButtonLink } from '@/components/ui/router-link';
import { useDownloadDashboardCsv } from '../api/download-dashboard-csv';
import { useAdminDashboardStats } from '../api/get-admin-dashboard-stats';
import { useAuthStore } from '@/lib/auth-store';
import { countOf } from '@/lib/format';
import { useDeferredValue } from 'react';
import { FormationProgress } from './formation-progress';

type AdminDashboardPageProps = {
  search: AdminDashboardQuery;
  onSearchChange: (search: AdminDashboardQuery) => void;
};

const number = (value: number) => value.toLocaleString('en-US');
const percent = (value: number | null) => (value === null ? '–' : `${value}%`);

/** The organization admin's formation dashboard (issue 13): what needs me, per course, over time. */
export function AdminDashboardPage({ search, onSearchChange }: AdminDashboardPageProps) {
  // Rendered at low priority, in slices (decision 131): the answer's courses, cards and chart
  // would otherwise render in one long task the moment it arrives.
  const stats = useDeferredValue(useAdminDashboardStats(search));
  const download = useDownloadDashboardCsv();
  const fullname = useAuthStore((s) => s.user?.fullname);
  return (
    <Stack gap="lg">
      <PageHeader
        title={fullname ? `Welcome, ${fullname}` : 'Dashboard'}
        description="Team formation in your courses: who is placed, what needs you, and how it went day by day."
      />
      {stats.isPending ? (
        <InlineLoader label="Loading the dashboard" />
      ) : stats.isError && !stats.data ? (
        <ErrorAlert
          title="The dashboard could not be loaded"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <>
          <Filters stats={stats.data} search={search} onSearchChange={onSearchChange}>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending}
              disabled={stats.data.courses.length === 0}
              onClick={() => download.mutate(search)}
            >
              Download CSV
            </Button>
          </Filters>
          {download.isError && (
            <Alert
              color="red.9"
              variant="outline"
              role="alert"
              title="The CSV could not be downloaded"
            >
              {download.error.message}
            </Alert>
          )}
          {stats.data.courses.length === 0 ? (
            <NoCourses filtered={Boolean(search.organizationId || search.term)} />
          ) : (
            <>
              <Totals courses={stats.data.courses} attention={stats.data.attention.length} />
              <Attention items={stats.data.attention} />
              <section aria-labelledby="dashboard-courses">
                <Title order={2} fz="lg" id="dashboard-courses" mb="sm">
                  Courses
                </Title>
                <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
                  {stats.data.courses.map((course) => (
                    <CourseCard key={course.id} course={course} />
                  ))}
                </SimpleGrid>
              </section>
              <FormationProgress progress={stats.data.progress} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

function Filters({
  stats,
  search,
  onSearchChange,
  children,
}: {
  stats: AdminDashboardStats;
  search: AdminDashboardQuery;
  onSearchChange: AdminDashboardPageProps['onSearchChange'];
  children: React.ReactNode;
}) {
  const { organizations, terms } = stats.filters;
  // A term kept in the URL but gone from the list still shows as chosen.
  const termOptions = search.term && !terms.includes(search.term) ? [search.term, ...terms] : terms;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Dashboard filters">
      {organizations.length > 1 && (
        <Select
          label="Organization"
          placeholder="All organizations"
          data={organizations.map((o) => ({ value: o.id, label: o.name }))}
          value={search.organizationId ?? null}
          // A term belongs to the organization's courses: choosing another organization clears it.
          onChange={(organizationId) =>
            onSearchChange({ organizationId: organizationId ?? undefined, term: undefined })
          }
          clearable
          w={{ base: '100%', xs: 240 }}
        />
      )}
      <Select
        label="Term"
        placeholder="All terms"
        data={termOptions}
        value={search.term ?? null}
        onChange={(term) => onSearchChange({ ...search, term: term ?? undefined })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      {children}
    </Group>
  );
}

function NoCourses({ filtered }: { filtered: boolean }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <EmptyState>
        {filtered
          ? 'No course matches these filters.'
          : 'No courses yet. Once you create a course and enroll students, their team formation shows here.'}
      </EmptyState>
      {!filtered && (
        <Group justify="center">
          <ButtonLink to="/admin/courses/create" variant="light">
            Create a course
          </ButtonLink>
        </Group>
      )}
    </Paper>
  );
}

function Totals({
  courses,
  attention,
}: {
  courses: readonly DashboardCourseStats[];
  attention: number;
}) {
  const active = courses.reduce((sum, c) => sum + c.students.active, 0);
  const placed = courses.reduce((sum, c) => sum + c.placed, 0);
  const figures = [
    { label: 'Courses', value: number(courses.length) },
    { label: 'Active students', value: number(active) },
    {
      label: 'Placed in a team',
      value: active > 0 ? `${Math.round((placed / active) * 1000) / 10}%` : '–',
    },
    { label: 'Without a team', value: number(active - placed) },
    { label: 'Needs attention', value: number(attention) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" component="dl" m={0}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="sm" radius="md">
          <Text component="dt" size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const ATTENTION_TEXT: Record<AttentionItem['kind'], (count: number) => string> = {
  DEADLINE_SOON: (n) => `Deadline within 72 h: ${countOf(n, 'student')} without a team`,
  DEADLINE_PASSED: (n) => `Deadline passed: ${countOf(n, 'student')} without a team`,
  FAILED_UPLOADS: (n) => `${countOf(n, 'CSV upload')} failed`,
  TEAMS_UNDER_MINIMUM: (n) => `${countOf(n, 'team')} under the minimum size`,
  STALE_JOIN_REQUESTS: (n) => `${countOf(n, 'join request')} unanswered for more than 48 h`,
};

// Issue 35: each item leads to the course's section where it is dealt with.
const ATTENTION_SECTION = {
  DEADLINE_SOON: '/admin/courses/$courseId/placement',
  DEADLINE_PASSED: '/admin/courses/$courseId/placement',
  FAILED_UPLOADS: '/admin/courses/$courseId/roster',
  TEAMS_UNDER_MINIMUM: '/admin/courses/$courseId/health',
  STALE_JOIN_REQUESTS: '/admin/courses/$courseId/health',
} as const satisfies Record<AttentionItem['kind'], string>;

// Shades that keep white text at 4.5:1 or more (orange and yellow do not).
const ATTENTION_COLOR: Record<AttentionItem['kind'], string> = {
  DEADLINE_SOON: 'red.9',
  DEADLINE_PASSED: 'red.9',
  FAILED_UPLOADS: 'grape.9',
  TEAMS_UNDER_MINIMUM: 'blue.9',
  STALE_JOIN_REQUESTS: 'blue.9',
};

function Attention({ items }: { items: readonly AttentionItem[] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dashboard-attention">
      <Title order={2} fz="lg" id="dashboard-attention" mb="sm">
        Needs attention
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing needs you right now.
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Group
              component="li"
              key={`${item.kind}-${item.courseId}`}
              gap="xs"
              wrap="wrap"
              align="baseline"
            >
              <Badge color={ATTENTION_COLOR[item.kind]} variant="filled" size="sm">
                {item.courseCode}
              </Badge>
              <AnchorLink
                to={ATTENTION_SECTION[item.kind]}
                params={{ courseId: item.courseId }}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {ATTENTION_TEXT[item.kind](item.count)}
              </AnchorLink>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.courseTitle} · {item.organizationName}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0}>
        {value}
      </Text>
    </Group>
  );
}

function CourseCard({ course }: { course: DashboardCourseStats }) {
  const titleId = `dashboard-course-${course.id}`;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <div>
          <AnchorLink
            to="/admin/courses/$courseId"
            params={{ courseId: course.id }}
            fw={700}
            id={titleId}
            style={{ overflowWrap: 'anywhere' }}
          >
            {course.code} · {course.title}
          </AnchorLink>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {course.organizationName} · {course.term} · teams of {course.teamSizeMin}–
            {course.teamSizeMax}
          </Text>
        </div>
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="dimmed" component="span">
            Deadline
          </Text>
          <DeadlineText iso={course.deadline} withRelative />
        </Group>
        <div>
          <Group justify="space-between" gap="xs">
            <Text size="sm">Placed in a team</Text>
            <Text size="sm" fw={700}>
              {number(course.placed)} of {number(course.students.active)} (
              {percent(course.placedPercent)})
            </Text>
          </Group>
          <Progress
            value={course.placedPercent ?? 0}
            aria-label={`${course.code}: ${percent(course.placedPercent)} of active students placed`}
            mt={4}
          />
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2} component="dl" m={0}>
          <Figure label="Without a team" value={number(course.teamless)} />
          <Figure label="Active" value={number(course.students.active)} />
          <Figure label="Pending sign-in" value={number(course.students.pending)} />
          <Figure label="Inactive" value={number(course.students.inactive)} />
          <Figure label="Teams" value={number(course.teams.total)} />
          <Figure label="Full / open" value={`${course.teams.full} / ${course.teams.open}`} />
          <Figure label="Under minimum" value={number(course.teams.underMinimum)} />
          <Figure label="Join requests" value={number(course.pendingJoinRequests)} />
          <Figure label="Invitations" value={number(course.pendingInvitations)} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
