import { Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { AnalyticsOverview } from '@teamup/shared';
import {
  IconAlertTriangle,
  IconBuilding,
  IconChartLine,
  IconFileAlert,
  IconHeartbeat,
  IconUsersGroup,
} from '@tabler/icons-react';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink, ButtonLink } from '@/components/ui/router-link';
import { countOf } from '@/lib/format';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { formatCount, formatDateTime } from '../utils/format';
import { FigureCard } from './figure-card';

/** The overall health, as the route read it from the health call. */
export type HealthSummary =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; status: string; checkedAt?: string | undefined };

// White text needs 4.5:1 on the badge: teal.9 and red.9 have it, no orange does (orange.9 is
// 4.29:1), so "degraded" is dark text on yellow, as on the health page.
const HEALTH_COLORS: Record<string, string> = { ok: 'teal.9', degraded: 'yellow.5', down: 'red.9' };

function HealthCard({ health }: { health: HealthSummary }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="home-health">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" color="blue.9" aria-hidden>
            <IconHeartbeat size={22} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={2} fz="lg" id="home-health">
              System health
            </Title>
            {health.state === 'ready' && health.checkedAt && (
              <Text size="xs" c="dimmed">
                Checked {formatDateTime(health.checkedAt)}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="sm">
          {health.state === 'loading' ? (
            <Text size="sm" c="dimmed" role="status">
              Checking…
            </Text>
          ) : health.state === 'error' ? (
            <Badge color="red.9" variant="filled">
              Unknown: {health.message}
            </Badge>
          ) : (
            <Badge
              color={HEALTH_COLORS[health.status] ?? 'red.9'}
              variant="filled"
              size="lg"
              autoContrast
            >
              {health.status}
            </Badge>
          )}
          {/* Underlined: in the dark scheme the link's color alone is 1.49:1 against the text. */}
          <AnchorLink to="/s/health" search={{ tab: 'health' }} size="sm" underline="always">
            Health details
          </AnchorLink>
        </Group>
      </Group>
    </Card>
  );
}

function Totals({ overview }: { overview: AnalyticsOverview }) {
  const { users, organizations, courses, teams, enrollments } = overview;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
      <FigureCard
        label="Users"
        value={formatCount(users.total)}
        // Issue 35: people by what they are in the courses (one may be a student and teach).
        hint={[
          countOf(users.students, 'student'),
          countOf(users.instructors, 'instructor'),
          countOf(users.teachingAssistants, 'teaching assistant'),
          countOf(users.orgAdmins, 'org admin'),
          countOf(users.superadmins, 'superadmin'),
        ].join(' · ')}
      />
      <FigureCard
        label="Organizations"
        value={formatCount(organizations.active)}
        hint={`${formatCount(organizations.deleted)} deleted`}
      />
      <FigureCard
        label="Courses"
        value={formatCount(courses.active)}
        hint={`active · ${formatCount(courses.archived)} archived`}
      />
      <FigureCard label="Teams" value={formatCount(teams)} hint="live teams" />
      <FigureCard
        label="Enrollments"
        value={formatCount(enrollments.total)}
        hint={`${formatCount(enrollments.active)} active · ${formatCount(enrollments.pending)} pending · ${formatCount(enrollments.inactive)} inactive`}
      />
    </SimpleGrid>
  );
}

function NeedsAttention({
  overview,
  health,
}: {
  overview: AnalyticsOverview;
  health: HealthSummary;
}) {
  const { failedUploads, teamlessPastDeadline } = overview.attention;
  const healthNotOk = health.state === 'ready' && health.status !== 'ok';
  const nothing = failedUploads.total === 0 && teamlessPastDeadline.total === 0 && !healthNotOk;
  const more = (shown: number, total: number, one: string) =>
    total > shown ? (
      <Text size="sm" c="dimmed">
        And {countOf(total - shown, `more ${one}`)}.
      </Text>
    ) : null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="home-attention">
      <Group gap="xs" mb="sm">
        <IconAlertTriangle size={20} aria-hidden />
        <Title order={2} fz="lg" id="home-attention">
          Needs attention
        </Title>
      </Group>
      {nothing ? (
        <EmptyState>Nothing needs you right now.</EmptyState>
      ) : (
        <Stack gap="md">
          {healthNotOk && (
            <Group gap="xs">
              <IconHeartbeat size={18} aria-hidden />
              <Text size="sm">
                The system is <strong>{health.status}</strong>.{' '}
                <AnchorLink to="/s/health" search={{ tab: 'health' }} underline="always">
                  See the health figures
                </AnchorLink>
              </Text>
            </Group>
          )}
          {failedUploads.total > 0 && (
            <Stack gap={6}>
              <Group gap="xs">
                <IconFileAlert size={18} aria-hidden />
                <Title order={3} fz="md">
                  Failed CSV uploads in the last 7 days ({formatCount(failedUploads.total)})
                </Title>
              </Group>
              <List spacing={6} size="sm" aria-label="Failed CSV uploads">
                {failedUploads.items.map((u) => (
                  <List.Item key={u.uploadId}>
                    <AnchorLink
                      to="/s/organizations/$orgId"
                      params={{ orgId: u.organization.id }}
                      fw={600}
                    >
                      {u.organization.name}
                    </AnchorLink>{' '}
                    · {u.course.code} {u.course.title}: {u.fileName} failed{' '}
                    {formatDateTime(u.failedAt)}
                    {u.failureMessage ? ` (${u.failureMessage})` : ''}
                  </List.Item>
                ))}
              </List>
              {more(failedUploads.items.length, failedUploads.total, 'failed upload')}
            </Stack>
          )}
          {teamlessPastDeadline.total > 0 && (
            <Stack gap={6}>
              <Group gap="xs">
                <IconUsersGroup size={18} aria-hidden />
                <Title order={3} fz="md">
                  Courses past their deadline with students teamless (
                  {formatCount(teamlessPastDeadline.total)})
                </Title>
              </Group>
              <List spacing={6} size="sm" aria-label="Courses past their deadline">
                {teamlessPastDeadline.items.map((c) => (
                  <List.Item key={c.course.id}>
                    <AnchorLink
                      to="/s/organizations/$orgId"
                      params={{ orgId: c.organization.id }}
                      fw={600}
                    >
                      {c.organization.name}
                    </AnchorLink>{' '}
                    · {c.course.code} {c.course.title}: {formatCount(c.teamlessStudents)} of{' '}
                    {countOf(c.activeStudents, 'active student')} without a team, deadline{' '}
                    {formatDateTime(c.deadline)}
                  </List.Item>
                ))}
              </List>
              {more(teamlessPastDeadline.items.length, teamlessPastDeadline.total, 'course')}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}

/** /s/dashboard: the superadmin's home. Totals, what needs attention, health, and the way on. */
export function SuperadminHome({ fullname, health }: { fullname: string; health: HealthSummary }) {
  const overview = useAnalyticsOverview();
  return (
    <>
      <PageHeader
        title={`Welcome, ${fullname}`}
        description="All of Teamup at a glance: what needs you, the totals and the system's health."
        actions={
          <Group mt="sm" gap="sm">
            <ButtonLink to="/s/health" leftSection={<IconChartLine size={16} aria-hidden />}>
              System Analytics
            </ButtonLink>
            <ButtonLink
              to="/s/organizations"
              variant="default"
              leftSection={<IconBuilding size={16} aria-hidden />}
            >
              Organizations
            </ButtonLink>
          </Group>
        }
      />
      <Stack gap="lg">
        <HealthCard health={health} />
        {overview.isPending ? (
          <InlineLoader label="Loading the overview" />
        ) : overview.isError ? (
          <ErrorAlert
            title="Could not load the overview"
            error={overview.error}
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <>
            <NeedsAttention overview={overview.data} health={health} />
            <section aria-labelledby="home-totals">
              <Title order={2} fz="lg" mb="sm" id="home-totals">
                Totals
              </Title>
              <Totals overview={overview.data} />
            </section>
          </>
        )}
      </Stack>
    </>
  );
}
