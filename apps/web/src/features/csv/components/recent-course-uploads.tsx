import { Anchor, Group, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useCourseUploads } from '../api/get-course-uploads';
import { countsText } from '../utils/upload-summary';
import { UploadStatusBadge } from './upload-status-badge';

dayjs.extend(localizedFormat);

type RecentCourseUploadsProps = { courseId: string; onOpen: (uploadId: string) => void };

/**
 * The chosen course's latest uploads, under the course picker: before sending a roster the
 * admin sees whether this course already got it, and how that went.
 */
export function RecentCourseUploads({ courseId, onOpen }: RecentCourseUploadsProps) {
  const uploads = useCourseUploads(courseId);
  if (uploads.isPending) return null;
  if (uploads.isError) {
    return (
      <Text size="sm" c="red.9">
        Could not load this course’s earlier uploads: {uploads.error.message}
      </Text>
    );
  }
  const { items, total } = uploads.data;
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No roster has been uploaded to this course yet.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="csv-course-uploads">
        {total > items.length
          ? `Latest uploads to this course (${items.length} of ${total})`
          : 'Earlier uploads to this course'}
      </Text>
      <Stack
        component="ul"
        gap={4}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="csv-course-uploads"
      >
        {items.map((u) => (
          <Group component="li" key={u.id} gap="xs" wrap="wrap" align="center">
            <UploadStatusBadge status={u.status} progress={u.progress} size="sm" />
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              ta="left"
              style={{ overflowWrap: 'anywhere' }}
              onClick={() => onOpen(u.id)}
              aria-label={`Open result of ${u.fileName}, ${dayjs(u.createdAt).format('lll')}`}
            >
              {u.fileName}
            </Anchor>
            <Text size="xs" c="dimmed">
              <time dateTime={u.createdAt}>{dayjs(u.createdAt).format('lll')}</time> ·{' '}
              {countsText(u)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
