import {
  Anchor,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  type PaperProps,
} from '@mantine/core';
import type { CommunityProfile } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { ReactNode } from 'react';
import { ActivityTimeline } from '@/components/ui/activity-timeline';
import { BackLink } from '@/components/ui/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { ProfileBio, ProfileLinks, ProfileSkills } from '@/components/ui/profile-sections';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { ButtonLink } from '@/components/ui/router-link';
import { UserAvatar } from '@/components/ui/user-avatar';
import { ApiError } from '@/lib/api-client';
import { useCommunityActivity } from '../api/get-community-activity';
import { useCommunityProfile } from '../api/get-community-profile';
import { useCommunityStats } from '../api/get-community-stats';
import { InviteActions } from './invite-actions';
import { SharedCourses } from './shared-courses';

dayjs.extend(localizedFormat);

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function Section({
  title,
  id,
  children,
  ...props
}: { title: string; id: string; children: ReactNode } & PaperProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      {...props}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Stats({ userId, isStudent }: { userId: string; isStudent: boolean }) {
  const stats = useCommunityStats(userId);
  if (stats.isPending) return <InlineLoader label="Loading stats" />;
  if (stats.isError) {
    return (
      <ErrorAlert
        title="Could not load the stats"
        error={stats.error}
        onRetry={() => void stats.refetch()}
      />
    );
  }
  const s = stats.data;
  const items: [string, number][] = [
    [isStudent ? 'Courses in common' : 'Courses', s.coursesInCommon],
    ['Teams', s.teams],
    ['Leading', s.leading],
    ['Looking for a team in', s.lookingIn],
    ['Skills', s.skills],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" component="dl" m={0}>
      {items.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl">
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function Activity({ userId }: { userId: string }) {
  const activity = useCommunityActivity(userId);
  return (
    <ActivityTimeline
      activity={activity}
      errorTitle="Could not load the activity"
      empty="No team activity in your shared courses yet."
    />
  );
}

function About({ profile }: { profile: CommunityProfile }) {
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <UserAvatar fullname={profile.fullname} avatar={profile.avatar} size={72} radius="xl" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          {profile.email && (
            <Anchor href={`mailto:${profile.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {profile.email}
            </Anchor>
          )}
          <Text size="sm" c="dimmed">
            Member since {dayjs(profile.memberSince).format('LL')}
          </Text>
          {profile.inviteOptions.length > 0 && (
            <Group gap="xs" mt={4} wrap="wrap">
              <InviteActions student={profile} />
            </Group>
          )}
        </Stack>
      </Group>
      <ProfileBio bio={profile.bio} />
      <ProfileSkills skills={profile.skills} highlighted={profile.highlightedSkills} />
      <ProfileLinks links={profile.links} />
    </Stack>
  );
}

type StudentProfilePageProps = { userId: string; isStudent: boolean };

/** /community/{userId}: what the viewer may see of a student, and what they can do with them. */
export function StudentProfilePage({ userId, isStudent }: StudentProfilePageProps) {
  const profile = useCommunityProfile(userId);

  if (profile.isPending) {
    return (
      <>
        <PageHeader
          title="Student profile"
          description={<BackLink to="/community" toLabel="Community" />}
        />
        <InlineLoader label="Loading profile" />
      </>
    );
  }
  if (profile.isError) {
    return (
      <>
        <PageHeader
          title="Student profile"
          description={<BackLink to="/community" toLabel="Community" />}
        />
        {isNotFound(profile.error) ? (
          <Paper withBorder radius="lg" p="lg" role="status">
            <Stack gap="sm" align="flex-start">
              <Title order={2} fz="lg">
                Not found or not visible
              </Title>
              <Text size="sm">
                This student does not exist, or their profile is not visible to you. Students choose
                who sees them: usually the classmates of their active courses.
              </Text>
              <ButtonLink to="/community" variant="default" size="xs">
                Browse the community
              </ButtonLink>
            </Stack>
          </Paper>
        ) : (
          <ErrorAlert
            title="Could not load this profile"
            error={profile.error}
            onRetry={() => void profile.refetch()}
          />
        )}
      </>
    );
  }

  const p = profile.data;
  return (
    <>
      <PageHeader
        title={p.fullname}
        description={
          p.headline ||
          (p.isSelf ? (
            'This is how other students see you.'
          ) : (
            <BackLink to="/community" toLabel="Community" />
          ))
        }
        actions={p.headline ? <BackLink to="/community" toLabel="Community" /> : undefined}
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Section title="About" id="about-heading">
              <About profile={p} />
            </Section>
            <Section title="Activity" id="activity-heading">
              <Activity userId={userId} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <Section title={isStudent ? 'Courses in common' : 'Courses'} id="courses-heading">
              <SharedCourses
                withActions
                courses={p.courses}
                empty={isStudent ? 'No active course in common.' : 'No course to show.'}
              />
            </Section>
            <Section title="Stats" id="stats-heading">
              <Stats userId={userId} isStudent={isStudent} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
