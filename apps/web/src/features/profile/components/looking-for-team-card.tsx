import { Button, Group, Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LOOKING_NOTE_MAX, type MyCourse } from '@teamup/shared';
import { useState } from 'react';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useMyCourses } from '../api/get-my-courses';
import { useSetLooking } from '../api/set-looking';

const noteError = (note: string) =>
  note.trim().length > LOOKING_NOTE_MAX
    ? `The note is at most ${LOOKING_NOTE_MAX} characters`
    : null;

function CourseLooking({ enrollment }: { enrollment: MyCourse }) {
  const setLooking = useSetLooking();
  const { course } = enrollment;
  const [note, setNote] = useState(enrollment.lookingNote);
  const error = noteError(note);
  const noteChanged = note.trim() !== enrollment.lookingNote;
  const label = `${course.code} · ${course.title}`;

  const save = (looking: boolean, text: string) =>
    setLooking.mutate(
      { courseId: course.id, looking, note: text.trim() },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            title: saved.looking ? 'Looking for a team' : 'No longer looking',
            message: saved.looking
              ? `Classmates in ${course.code} see that you are looking for a team.`
              : `You no longer show as looking for a team in ${course.code}.`,
          }),
        onError: (e) =>
          notifications.show({ color: 'red', title: 'Could not save', message: e.message }),
      },
    );

  return (
    <Stack gap="xs" component="li">
      <Switch
        label={label}
        description={
          enrollment.lookingForTeam
            ? 'Looking for a team: leaders in this course can find and invite you.'
            : 'Not shown as looking for a team.'
        }
        checked={enrollment.lookingForTeam}
        disabled={setLooking.isPending || (error !== null && !enrollment.lookingForTeam)}
        onChange={(e) => save(e.currentTarget.checked, note)}
      />
      {enrollment.lookingForTeam && (
        <Group align="flex-end" gap="xs" wrap="wrap" pl={{ base: 0, sm: 'xl' }}>
          <Textarea
            label={`Note for ${course.code} (optional)`}
            description={`What you can do or when you are free (at most ${LOOKING_NOTE_MAX} characters).`}
            placeholder="e.g. backend, free Tue/Thu"
            autosize
            minRows={1}
            maxRows={4}
            value={note}
            error={error}
            onChange={(e) => setNote(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <Button
            variant="default"
            disabled={!noteChanged || error !== null}
            loading={setLooking.isPending}
            onClick={() => save(true, note)}
          >
            Save note
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * "Looking for a team", per course: one switch for each active course where I have no team yet.
 * It switches off by itself when I join a team there.
 */
export function LookingForTeamCard() {
  const courses = useMyCourses();
  const open =
    courses.data?.filter(
      (e) => e.status === 'ACTIVE' && e.team === null && e.course.archivedAt === null,
    ) ?? [];
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="looking-heading"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="looking-heading">
            Looking for a team
          </Title>
          <Text size="sm" c="dimmed">
            Per course: team leaders see who is looking, with your note, in the community and on the
            course page.
          </Text>
        </Stack>
        {courses.isPending ? (
          <InlineLoader label="Loading your courses" />
        ) : courses.isError ? (
          <ErrorAlert
            title="Could not load your courses"
            error={courses.error}
            onRetry={() => void courses.refetch()}
          />
        ) : open.length === 0 ? (
          <EmptyState>No active course without a team: nothing to look for right now.</EmptyState>
        ) : (
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {open.map((e) => (
              <CourseLooking key={e.enrollmentId} enrollment={e} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
