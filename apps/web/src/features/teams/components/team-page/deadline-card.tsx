import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TeamDetail } from '@teamup/shared';
import { DeadlineText } from '@/components/ui/deadline-text';

/** The course's formation deadline and what it means for this team. */
export function DeadlineCard({ team }: { team: TeamDetail }) {
  const { course } = team;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="deadline-heading"
    >
      <Stack gap="xs">
        <Title order={2} fz="lg" id="deadline-heading">
          Team formation deadline
        </Title>
        <DeadlineText iso={course.teamFormationDeadline} withRelative fw={600} />
        <Text size="sm" c="dimmed">
          {course.deadlinePassed
            ? `Teams in ${course.code} are settled: students can no longer join, leave or change teams. The course’s instructors and teaching assistants can still make changes.`
            : `Until then students of ${course.code} can join, leave and change teams. After it, only the course’s instructors and teaching assistants can change who is in which team.`}
        </Text>
      </Stack>
    </Paper>
  );
}
