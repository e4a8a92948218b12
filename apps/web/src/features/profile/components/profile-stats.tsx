import { Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ProfileStats as Stats } from '@teamup/shared';
import {
  IconBook,
  IconBuilding,
  IconMail,
  IconSchool,
  IconSend,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { getRoleArea, type RoleArea } from '@/lib/roles';
import { useProfileStats } from '../api/get-profile-stats';
import { countOf } from '@/lib/format';

type StatCard = {
  label: string;
  value: number;
  hint: string;
  icon: Icon;
  /** Where the number comes from; only pages the user's role can open. */
  to?: '/courses' | '/teams/my' | '/admin/organizations' | '/admin/courses' | '/admin/students';
};

function studentCards(stats: Stats): StatCard[] {
  const { enrollments, teams } = stats;
  return [
    {
      label: 'Courses',
      value: enrollments.active,
      hint:
        enrollments.inactive > 0
          ? `active, and ${enrollments.inactive} inactive`
          : 'active enrollments',
      icon: IconBook,
      to: '/courses',
    },
    {
      label: 'Teams',
      value: teams.joined,
      hint: teams.leading > 0 ? `you lead ${countOf(teams.leading, 'team')}` : 'you lead none',
      icon: IconUsersGroup,
      to: '/teams/my',
    },
    {
      label: 'Join requests',
      value: stats.pendingJoinRequests,
      hint: 'waiting for a leader’s answer',
      icon: IconSend,
      to: '/teams/my',
    },
    {
      label: 'Invitations',
      value: stats.pendingInvitations,
      hint: 'waiting for your answer',
      icon: IconMail,
      to: '/teams/my',
    },
  ];
}

function adminCards(admin: NonNullable<Stats['administration']>, linked: boolean): StatCard[] {
  return [
    {
      label: 'Organizations',
      value: admin.organizations,
      hint: 'you administer',
      icon: IconBuilding,
      ...(linked ? { to: '/admin/organizations' as const } : {}),
    },
    {
      label: 'Courses',
      value: admin.courses,
      hint: 'running in them',
      icon: IconBook,
      ...(linked ? { to: '/admin/courses' as const } : {}),
    },
    {
      label: 'Students',
      value: admin.students,
      hint: 'enrolled in those courses',
      icon: IconSchool,
      ...(linked ? { to: '/admin/students' as const } : {}),
    },
  ];
}

/** The cards a user sees: student numbers in the student area, admin numbers for admins. */
export function statCardsFor(stats: Stats, area: RoleArea): StatCard[] {
  return [
    ...(area === 'student' ? studentCards(stats) : []),
    ...(stats.administration ? adminCards(stats.administration, area === 'admin') : []),
  ];
}

function StatCardView({ card }: { card: StatCard }) {
  const Icon = card.icon;
  const body = (
    <Group gap="md" wrap="nowrap" align="flex-start">
      {/* Two cards side by side on a phone leave no room for the icon. */}
      <ThemeIcon size={40} radius="md" color="blue.9" aria-hidden visibleFrom="sm">
        <Icon size={22} />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {card.label}
        </Text>
        <Text fz={28} fw={700} lh={1.2}>
          {card.value}
        </Text>
        <Text size="xs" c="dimmed">
          {card.hint}
        </Text>
      </Stack>
    </Group>
  );
  return card.to ? (
    <Card component={Link} to={card.to} withBorder radius="lg" padding="md">
      {body}
    </Card>
  ) : (
    <Card withBorder radius="lg" padding="md">
      {body}
    </Card>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      mb="lg"
      component="section"
      aria-labelledby="numbers-heading"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="numbers-heading">
          At a glance
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** GET /auth/profile/stats as cards; nothing at all for a role with no numbers to show. */
export function ProfileStats({ role }: { role: string | undefined }) {
  const stats = useProfileStats();
  const area = getRoleArea(role);

  if (stats.isPending) {
    return (
      <Section>
        <InlineLoader label="Loading your numbers" />
      </Section>
    );
  }
  if (stats.isError) {
    return (
      <Section>
        <ErrorAlert
          title="Could not load your numbers"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      </Section>
    );
  }
  const cards = statCardsFor(stats.data, area);
  // A superadmin who administers no organization: their numbers live on System Analytics.
  if (cards.length === 0) return null;
  const notEnrolled = area === 'student' && stats.data.enrollments.total === 0;
  return (
    <Section>
      <SimpleGrid cols={{ base: 2, lg: Math.min(cards.length, 4) }} spacing="md">
        {cards.map((card) => (
          <StatCardView key={`${card.label} ${card.hint}`} card={card} />
        ))}
      </SimpleGrid>
      {notEnrolled && (
        <Text size="sm" c="dimmed">
          You are not enrolled in any course yet. Your courses appear here once your organization
          enrolls you.
        </Text>
      )}
    </Section>
  );
}
