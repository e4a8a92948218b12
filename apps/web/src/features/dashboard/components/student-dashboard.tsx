import { Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StudentDashboard as Dashboard } from '@teamup/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { DeadlineText } from '@/components/ui/deadline-text';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { useAuthStore } from '@/lib/auth-store';
import { useStudentDashboard } from '../api/get-student-dashboard';
import {
  InvitationItem,
  JoinRequestItem,
  MyRequestItem,
  OpenSurveyItem,
  UnreadNoticesItem,
} from './needs-you-items';
import { TeamlessCourse } from './teamless-course';

type Query = UseQueryResult<Dashboard, Error>;

type SectionProps = {
  id: string;
  title: string;
  query: Query;
  /** Which part of the dashboard, for the loader and the error. */
  what: string;
  /**
   * Left out until the answer arrives (decision 128): for a box with another above it in its
   * column, whose growth would push it down.
   */
  withAnswerOnly?: boolean;
  children: (data: Dashboard) => ReactNode;
};

/** A section of the dashboard with its own loading and error state (one read feeds them all). */
function Section({ id, title, query, what, withAnswerOnly = false, children }: SectionProps) {
  if (query.isPending && withAnswerOnly) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {query.isPending ? (
          <InlineLoader label={`Loading ${what}`} />
        ) : query.isError ? (
          <ErrorAlert
            title={`Could not load ${what}`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          children(query.data)
        )}
      </Stack>
    </Paper>
  );
}

type GroupProps<T> = { title: string; items: T[]; render: (item: T) => ReactNode };

/** One kind of entry of "Needs you", left out when there is none. */
function NeedsGroup<T>({ title, items, render }: GroupProps<T>) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
        {items.map(render)}
      </Stack>
    </Stack>
  );
}

function NeedsYou({ data }: { data: Dashboard }) {
  const { invitations, joinRequests, myRequests, teamlessCourses, unreadNotices, openSurveys } =
    data;
  const count =
    openSurveys.length +
    invitations.length +
    joinRequests.length +
    myRequests.length +
    teamlessCourses.length +
    unreadNotices.length;
  if (count === 0) return <EmptyState>Nothing needs you right now.</EmptyState>;
  return (
    <Stack gap="md">
      <NeedsGroup
        title="Surveys to answer"
        items={openSurveys}
        render={(s) => <OpenSurveyItem key={s.courseId} survey={s} />}
      />
      <NeedsGroup
        title="Invitations to answer"
        items={invitations}
        render={(i) => <InvitationItem key={i.id} invitation={i} />}
      />
      <NeedsGroup
        title="Requests to join your teams"
        items={joinRequests}
        render={(r) => <JoinRequestItem key={r.id} request={r} />}
      />
      <NeedsGroup
        title="Your requests waiting for an answer"
        items={myRequests}
        render={(r) => <MyRequestItem key={r.id} request={r} />}
      />
      <NeedsGroup
        title="Courses where you have no team"
        items={teamlessCourses}
        render={(c) => <TeamlessCourse key={c.courseId} course={c} />}
      />
      <NeedsGroup
        title="New notices"
        items={unreadNotices}
        render={(n) => <UnreadNoticesItem key={n.teamId} unread={n} />}
      />
    </Stack>
  );
}

const listStyle = { listStyle: 'none' } as const;

function MyCourses({ data }: { data: Dashboard }) {
  if (data.courses.length === 0) return <EmptyState>No current courses.</EmptyState>;
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={listStyle} aria-label="My courses">
      {data.courses.map((c) => (
        <Stack component="li" key={c.courseId} gap={2}>
          <AnchorLink
            to="/courses/$courseId"
            params={{ courseId: c.courseId }}
            size="sm"
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {c.code} · {c.title}
          </AnchorLink>
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed" component="span">
              Deadline
            </Text>
            <DeadlineText iso={c.teamFormationDeadline} withRelative size="xs" />
          </Group>
          <Group gap={6} wrap="wrap">
            {c.enrollmentStatus !== 'ACTIVE' && (
              <Badge size="sm" color="gray.7" variant="filled">
                {c.enrollmentStatus === 'INACTIVE' ? 'Inactive enrollment' : c.enrollmentStatus}
              </Badge>
            )}
            {c.team ? (
              <Text size="xs" component="span">
                Team:{' '}
                <AnchorLink
                  to="/teams/$teamId"
                  params={{ teamId: c.team.id }}
                  inherit
                  underline="always"
                >
                  {c.team.name}
                </AnchorLink>
              </Text>
            ) : (
              <Text size="xs" c="dimmed" component="span">
                No team
              </Text>
            )}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

function MyTeams({ data }: { data: Dashboard }) {
  if (data.teams.length === 0) {
    return <EmptyState>You are not in a team yet.</EmptyState>;
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={listStyle} aria-label="My teams">
      {data.teams.map((t) => (
        <Group component="li" key={t.id} gap={6} wrap="wrap">
          <AnchorLink
            to="/teams/$teamId"
            params={{ teamId: t.id }}
            size="sm"
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {t.name}
          </AnchorLink>
          <Text size="xs" c="dimmed" component="span" title={t.courseTitle}>
            {t.courseCode} · {t.memberCount}/{t.maxSize} members
          </Text>
          {t.isLeader && (
            <Badge size="sm" color="blue.9" variant="filled">
              Leader
            </Badge>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** What a student without any course sees: how they get one. */
function NoEnrollment() {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="no-courses-heading"
    >
      <Stack gap="xs">
        <Title order={2} fz="lg" id="no-courses-heading">
          You are not in a course yet
        </Title>
        <Text size="sm">
          Your instructor adds you to a course, one by one or with a class roster (CSV), using the
          email address you sign in with. Once they have, the course shows up here with its team
          deadline, and you can create a team, join one or be invited.
        </Text>
        <Text size="sm" c="dimmed">
          Meanwhile, fill in your{' '}
          <AnchorLink to="/profile" inherit underline="always">
            profile
          </AnchorLink>{' '}
          so classmates can see your skills.
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The student's home (issue 13): what needs them now, then their courses and teams in short.
 * One read feeds every section; the sections are there from the first paint (the page is
 * prerendered, decision 100), each with its own loading and error state.
 */
type StudentDashboardProps = {
  /**
   * A box composed in by the route below the short lists (the courses the student teaches,
   * issue 28); it renders nothing for most students.
   */
  aside?: ReactNode;
};

export function StudentDashboard({ aside }: StudentDashboardProps = {}) {
  const user = useAuthStore((s) => s.user);
  // The answer renders at transition priority, in slices, instead of in one long task in the
  // task it arrived in (Total Blocking Time, decision 128).
  const dashboard = useDeferredValue(useStudentDashboard());
  if (!user) return null;
  const noCourses =
    dashboard.data !== undefined &&
    dashboard.data.courses.length === 0 &&
    dashboard.data.teams.length === 0;

  return (
    <>
      <PageHeader
        title={`Welcome, ${user.fullname}`}
        description="What needs you now, then your courses and teams."
      />
      {noCourses ? (
        <Stack gap="lg">
          <NoEnrollment />
          {aside}
        </Stack>
      ) : (
        // Needs you beside the short lists on wide screens. While the answer is awaited only the
        // first box of each column shows (decision 128): filled, it grows with nothing below it
        // to push, and the boxes after it arrive with the answer (the prerendered shell, decision
        // 100, is this first state).
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Section
              id="needs-you-heading"
              title="Needs you"
              query={dashboard}
              what="what needs you"
            >
              {(data) => <NeedsYou data={data} />}
            </Section>
          </Grid.Col>
          {/* On a phone this column sits under "Needs you": it comes with the answer. */}
          <Grid.Col span={{ base: 12, lg: 4 }} visibleFrom={dashboard.isPending ? 'lg' : undefined}>
            <Stack gap="lg">
              <Section
                id="my-courses-heading"
                title="My courses"
                query={dashboard}
                what="your courses"
              >
                {(data) => <MyCourses data={data} />}
              </Section>
              <Section
                id="my-teams-heading"
                title="My teams"
                query={dashboard}
                what="your teams"
                withAnswerOnly
              >
                {(data) => <MyTeams data={data} />}
              </Section>
              {/* Last in the column: arriving, it pushes nothing down. */}
              {aside}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
