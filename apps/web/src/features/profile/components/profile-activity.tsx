import { Paper, Stack, Text, Title } from '@mantine/core';
import { ActivityTimeline } from '@/components/ui/activity-timeline';
import { useProfileActivity } from '../api/get-profile-activity';

/** The user's own activity log (SPEC §3 activityLogs), newest first, 20 at a time. */
export function ProfileActivity() {
  const activity = useProfileActivity();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="recent-activity-heading"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="recent-activity-heading">
            Recent activity
          </Title>
          <Text size="sm" c="dimmed">
            What you did on Teamup, and what others did that concerns you.
          </Text>
        </Stack>
        <ActivityTimeline
          activity={activity}
          errorTitle="Could not load your activity"
          empty="No activity yet. Creating or joining a team and changes to your enrollments show up here."
        />
      </Stack>
    </Paper>
  );
}
