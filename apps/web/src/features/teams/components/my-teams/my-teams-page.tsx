import { Badge, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { useMyInvitations } from '../../api/get-my-invitations';
import { useMyTeams } from '../../api/get-my-teams';
import { InvitationItem } from '../shared/invitation-item';
import { JoinRequestItem } from '../shared/join-request-item';
import { TeamCard } from '../shared/team-card';

const listStyle = { listStyle: 'none' } as const;

type SectionProps = { id: string; title: string; count?: number; children: ReactNode };

function Section({ id, title, count, children }: SectionProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      h="100%"
    >
      <Stack gap="md">
        <Group gap="xs">
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {count !== undefined && count > 0 && (
            <Badge color="blue.9" variant="filled" size="sm">
              {count}
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function NoTeams() {
  return (
    <Stack gap={4} align="center" py="sm">
      <Text ta="center">You are not in a team yet.</Text>
      <Text size="sm" c="dimmed" ta="center">
        Browse{' '}
        <AnchorLink to="/teams" inherit underline="always">
          All Teams
        </AnchorLink>{' '}
        to apply to one, or create one from a course page in{' '}
        <AnchorLink to="/courses" inherit underline="always">
          My Enrollments
        </AnchorLink>
        .
      </Text>
    </Stack>
  );
}

/**
 * My teams across courses, the invitations waiting for me and my open join requests: pending,
 * and waitlisted with my place in line (issue 15).
 */
export function MyTeamsPage() {
  const mine = useMyTeams();
  const invitations = useMyInvitations();
  const pendingRequests = mine.data?.requests.filter(
    (r) => r.status === 'PENDING' || r.status === 'WAITLISTED',
  );
  const pendingInvitations = invitations.data?.items.filter((i) => i.status === 'PENDING');

  return (
    <>
      <PageHeader
        title="My Teams"
        description="The teams you lead or belong to, with invitations waiting for you."
      />
      <Stack gap="lg">
        <Section id="my-teams-heading" title="Your teams" count={mine.data?.teams.length}>
          {mine.isPending ? (
            <InlineLoader label="Loading your teams" />
          ) : mine.isError ? (
            <ErrorAlert
              title="Could not load your teams"
              error={mine.error}
              onRetry={() => void mine.refetch()}
            />
          ) : mine.data.teams.length === 0 ? (
            <NoTeams />
          ) : (
            <SimpleGrid
              cols={{ base: 1, sm: 2, xl: 3 }}
              spacing="sm"
              component="ul"
              p={0}
              m={0}
              style={listStyle}
              aria-label="Your teams"
            >
              {mine.data.teams.map((team) => (
                <TeamCard key={team.id} team={team} showCourse />
              ))}
            </SimpleGrid>
          )}
        </Section>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Section
              id="my-invitations-heading"
              title="Invitations"
              count={pendingInvitations?.length}
            >
              {invitations.isPending ? (
                <InlineLoader label="Loading your invitations" />
              ) : invitations.isError ? (
                <ErrorAlert
                  title="Could not load your invitations"
                  error={invitations.error}
                  onRetry={() => void invitations.refetch()}
                />
              ) : pendingInvitations?.length ? (
                <Stack
                  gap="xs"
                  component="ul"
                  p={0}
                  m={0}
                  style={listStyle}
                  aria-label="Invitations"
                >
                  {pendingInvitations.map((i) => (
                    <InvitationItem key={i.id} invitation={i} showCourse />
                  ))}
                </Stack>
              ) : (
                <EmptyState>
                  No invitations waiting for you. Team leaders of your courses can invite you.
                </EmptyState>
              )}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Section id="my-requests-heading" title="Your requests" count={pendingRequests?.length}>
              {mine.isPending ? (
                <InlineLoader label="Loading your requests" />
              ) : mine.isError ? (
                <ErrorAlert
                  title="Could not load your requests"
                  error={mine.error}
                  onRetry={() => void mine.refetch()}
                />
              ) : pendingRequests?.length ? (
                <Stack
                  gap="xs"
                  component="ul"
                  p={0}
                  m={0}
                  style={listStyle}
                  aria-label="Your requests"
                >
                  {pendingRequests.map((r) => (
                    <JoinRequestItem key={r.id} request={r} showCourse />
                  ))}
                </Stack>
              ) : (
                <EmptyState>
                  No pending or waitlisted requests. Apply to a team from{' '}
                  <AnchorLink to="/teams" inherit underline="always">
                    All Teams
                  </AnchorLink>
                  .
                </EmptyState>
              )}
            </Section>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
