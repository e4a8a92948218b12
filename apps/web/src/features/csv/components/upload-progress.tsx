import { Progress, Stack, Text } from '@mantine/core';
import type { CsvUploadStatus } from '@teamup/shared';

type UploadProgressProps = { status: CsvUploadStatus; progress: number; fileName: string };

/**
 * The job's progress while the server works. A queued job has no progress yet: the bar is shown
 * moving, but it reports 0 % to assistive technology rather than pretending.
 */
export function UploadProgress({ status, progress, fileName }: UploadProgressProps) {
  const queued = status === 'QUEUED';
  const text = queued ? 'Waiting to start…' : `Checking and enrolling rows… ${progress}%`;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} aria-live="polite">
        {text}
      </Text>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section
          value={queued ? 100 : Math.max(progress, 2)}
          color={queued ? 'gray.5' : 'blue'}
          striped
          animated
          withAria={false}
          role="progressbar"
          aria-label={`Processing ${fileName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={queued ? 'Queued' : `${progress}%`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        Every row is checked first; then all valid rows are enrolled together, or none are.
      </Text>
    </Stack>
  );
}
