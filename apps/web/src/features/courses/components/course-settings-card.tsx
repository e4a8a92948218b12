import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Course } from '@teamup/shared';
import { IconArchive, IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Fact } from '@/components/ui/fact';
import { useArchiveCourse } from '../api/archive-course';
import { useRestoreCourse } from '../api/restore-course';
import { CourseEditForm } from './course-edit-form';

function CourseDetails({ course }: { course: Course }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
        <Fact gap={2} label="Created">
          {dayjs(course.createdAt).format('ll')}
        </Fact>
        <Fact gap={2} label="Last changed">
          {dayjs(course.updatedAt).format('lll')}
        </Fact>
      </SimpleGrid>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          Description
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {course.description || 'No description.'}
        </Text>
      </Stack>
    </Stack>
  );
}

type CourseSettingsCardProps = {
  course: Course;
  /**
   * Edit, archive and restore (issue 28): organization admins and the course's instructors; a
   * teaching assistant gets none of them (the server refuses them too).
   */
  canChangeSettings: boolean;
};

/** The course's details with its settings actions (the Overview section, issue 35). */
export function CourseSettingsCard({ course: c, canChangeSettings }: CourseSettingsCardProps) {
  const archive = useArchiveCourse(c.id);
  const restore = useRestoreCourse(c.id);
  const [editing, setEditing] = useState(false);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const archived = Boolean(c.archivedAt);

  const doArchive = () =>
    archive.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Course archived',
          message: `${c.code} is archived. Its students keep their enrollments.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Could not archive course',
          message: error.message,
        }),
      onSettled: () => setConfirmArchive(false),
    });

  const doRestore = () =>
    restore.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Course restored',
          message: `${c.code} is active again.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Could not restore course',
          message: error.message,
        }),
    });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label="Course details"
    >
      {editing && canChangeSettings ? (
        <CourseEditForm course={c} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title order={2} fz="lg">
              Details
            </Title>
            {canChangeSettings && (
              <Group gap="sm">
                {!archived && (
                  <Button
                    size="sm"
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => setEditing(true)}
                  >
                    Edit course
                  </Button>
                )}
                {archived ? (
                  <Button
                    size="sm"
                    variant="default"
                    leftSection={<IconArrowBackUp size={16} aria-hidden />}
                    loading={restore.isPending}
                    onClick={doRestore}
                  >
                    Restore course
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    color="red.9"
                    leftSection={<IconArchive size={16} aria-hidden />}
                    onClick={() => setConfirmArchive(true)}
                  >
                    Archive course
                  </Button>
                )}
              </Group>
            )}
          </Group>
          <CourseDetails course={c} />
        </Stack>
      )}
      <ConfirmModal
        opened={confirmArchive}
        title="Archive this course?"
        confirmLabel="Archive course"
        loading={archive.isPending}
        onConfirm={doArchive}
        onClose={() => setConfirmArchive(false)}
      >
        {`${c.code} · ${c.title} will be hidden from active course lists. Students keep their enrollments; nothing is deleted, and you can restore it at any time.`}
      </ConfirmModal>
    </Paper>
  );
}
