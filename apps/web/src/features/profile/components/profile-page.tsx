import { Button, Grid, Paper } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useProfile } from '../api/get-profile';
import { ProfileDetails } from './profile-details';
import { ProfileForm } from './profile-form';
import { SessionsCard } from './sessions-card';

export function ProfilePage() {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);

  return (
    <>
      <PageHeader
        title="My Profile"
        description="What other students see about you, and where you are signed in."
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
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
              <ProfileForm profile={profile.data} onDone={() => setEditing(false)} />
            ) : (
              <>
                <ProfileDetails profile={profile.data} />
                <Button
                  mt="lg"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setEditing(true)}
                >
                  Edit profile
                </Button>
              </>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SessionsCard />
        </Grid.Col>
      </Grid>
    </>
  );
}
