import { Button, Grid, Group, Paper, Stack } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ButtonLink } from '@/components/ui/router-link';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useAuthStore } from '@/lib/auth-store';
import { useProfile } from '../api/get-profile';
import { ProfileDetails } from './profile-details';
import { ProfileActivity } from './profile-activity';
import { LinkedAccountsCard, type AccountLinkParts } from './linked-accounts-card';
import { LookingForTeamCard } from './looking-for-team-card';
import { ProfileForm } from './profile-form';
import { ProfileStats } from './profile-stats';
import { SessionsCard } from './sessions-card';

type ProfilePageProps = {
  /** The notification preferences card, composed in by the route (no feature imports another). */
  notificationsCard?: ReactNode;
  /** The email preferences card (issue 26), composed in the same way. */
  emailCard?: ReactNode;
  /**
   * The auth feature's sign-in and session start, for "Link to my Teamup account" (issue 34);
   * without them the page has no Linked LMS accounts section.
   */
  linkParts?: AccountLinkParts;
};

export function ProfilePage({ notificationsCard, emailCard, linkParts }: ProfilePageProps = {}) {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const role = useAuthStore((s) => s.user?.role);
  // Admins and superadmins are not in the directory: no visibility, email or looking choices.
  const isStudent = role === 'STUDENT';

  return (
    <>
      <PageHeader
        title="My Profile"
        description={
          isStudent
            ? 'What other students see about you, what you have been up to, and where you are signed in.'
            : 'Your details, what you have been up to, and where you are signed in.'
        }
      />
      <ProfileStats role={role} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-label="Profile"
            >
              {profile.isPending ? (
                <InlineLoader label="Loading profile" />
              ) : profile.isError ? (
                <ErrorAlert
                  title="Could not load your profile"
                  error={profile.error}
                  onRetry={() => void profile.refetch()}
                />
              ) : editing ? (
                <ProfileForm
                  profile={profile.data}
                  isStudent={isStudent}
                  onDone={() => setEditing(false)}
                />
              ) : (
                <>
                  <ProfileDetails profile={profile.data} isStudent={isStudent} />
                  <Group mt="lg" gap="sm">
                    <Button
                      leftSection={<IconPencil size={16} aria-hidden />}
                      onClick={() => setEditing(true)}
                    >
                      Edit profile
                    </Button>
                    {isStudent && (
                      <ButtonLink
                        to="/community/$userId"
                        params={{ userId: profile.data.id }}
                        variant="default"
                        leftSection={<IconEye size={16} aria-hidden />}
                      >
                        See it as others do
                      </ButtonLink>
                    )}
                  </Group>
                </>
              )}
            </Paper>
            {isStudent && <LookingForTeamCard />}
            <ProfileActivity />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <SessionsCard />
            {linkParts && <LinkedAccountsCard linkParts={linkParts} />}
            {notificationsCard}
            {emailCard}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
