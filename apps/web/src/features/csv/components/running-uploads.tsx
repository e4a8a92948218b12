import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CsvUpload } from '@teamup/shared';
import { useRunningUploads } from '../api/get-running-uploads';
import { UploadStatusBadge } from './upload-status-badge';

type RunningUploadsProps = { onFollow: (upload: CsvUpload) => void };

/**
 * Rosters of my organizations still queued or processing: an admin who left the page while one
 * ran (or a colleague's upload) can follow it here to its result. Nothing shows when none runs;
 * the upload history below reports its own errors, so this optional list hides them.
 */
export function RunningUploads({ onFollow }: RunningUploadsProps) {
  const running = useRunningUploads();
  const items = running.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-light)">
      <Stack gap="xs">
        <Title order={3} fz="sm" id="csv-running-uploads">
          Still processing
        </Title>
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="csv-running-uploads"
        >
          {items.map((u) => (
            <Group component="li" key={u.id} justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0} style={{ minWidth: 0, flex: '1 1 180px' }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {u.fileName}
                </Text>
                <Text size="xs">
                  {u.courseCode} · {u.uploadedBy?.fullname ?? 'Removed user'}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <UploadStatusBadge status={u.status} progress={u.progress} />
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onFollow(u)}
                  aria-label={`Follow ${u.fileName} (${u.courseCode})`}
                >
                  Follow
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
