import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { CsvUploadResult, CsvUploadStatus } from '@teamup/shared';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { ErrorAlert } from '@/components/ui/query-state';
import { useDownloadRejectedRows } from '../api/download-rejected-rows';
import { isFinished, useUploadStatus } from '../api/get-upload-status';
import { notifyDownloadFailed } from '../notifications';
import { RejectedRowsTable } from './rejected-rows-table';
import { ALERT_TITLE } from './table-and-alert-styles';
import { UploadCounts } from './upload-counts';
import { UploadProgress } from './upload-progress';
import { UploadStatusBadge } from './upload-status-badge';

dayjs.extend(localizedFormat);

function UploadFacts({ upload }: { upload: CsvUploadResult }) {
  const by = upload.uploadedBy ? upload.uploadedBy.fullname : 'a removed user';
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap" align="center">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {upload.fileName}
        </Text>
        <UploadStatusBadge status={upload.status} />
      </Group>
      <Text size="sm">
        {upload.courseCode} — {upload.courseTitle} ({upload.organizationName})
      </Text>
      <Text size="xs" c="dimmed">
        Uploaded by {by} on{' '}
        <time dateTime={upload.createdAt}>{dayjs(upload.createdAt).format('lll')}</time>
        {upload.finishedAt && (
          <>
            {' · finished '}
            <time dateTime={upload.finishedAt}>{dayjs(upload.finishedAt).format('LTS')}</time>
          </>
        )}
      </Text>
    </Stack>
  );
}

function RejectedRows({ upload }: { upload: CsvUploadResult }) {
  const download = useDownloadRejectedRows();
  const downloadReport = () =>
    download.mutate(
      { id: upload.id, fileName: upload.fileName },
      { onError: notifyDownloadFailed },
    );
  // The status call carries only the first rows (decision 083); the report has them all.
  const partial = upload.errors.length < upload.errorsTotal;
  if (upload.counts.rejected === 0) {
    return (
      <Alert color="teal.9" variant="light" icon={<IconCircleCheck aria-hidden />}>
        Every row was applied.
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={3} fz="md">
          Rejected rows ({upload.counts.rejected.toLocaleString('en-US')})
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={download.isPending}
          onClick={downloadReport}
        >
          Download rejected rows
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        These rows were skipped; every other row was applied. Fix them and upload just those rows
        again: students already enrolled are left as they are.
      </Text>
      {partial && (
        <Text size="sm">
          Showing the first {upload.errors.length.toLocaleString('en-US')} of{' '}
          {upload.errorsTotal.toLocaleString('en-US')} rejected rows —{' '}
          <Anchor component="button" type="button" size="sm" onClick={downloadReport}>
            download the full report
          </Anchor>
        </Text>
      )}
      <RejectedRowsTable errors={upload.errors} partial={partial} />
    </Stack>
  );
}

/** One upload as it is now: progress while it runs, then what it did, or why it failed. */
export function UploadResult({ upload }: { upload: CsvUploadResult }) {
  return (
    <Stack gap="md">
      <UploadFacts upload={upload} />
      {!isFinished(upload.status) && (
        <UploadProgress
          status={upload.status}
          progress={upload.progress}
          fileName={upload.fileName}
        />
      )}
      {upload.status === 'FAILED' && (
        <Alert
          color="red.9"
          variant="light"
          title="Nothing was applied"
          styles={ALERT_TITLE.red}
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
        >
          <Text size="sm">
            {upload.failureMessage ?? 'The roster could not be processed.'} No enrollment was
            created or changed; fix the file and upload it again.
          </Text>
        </Alert>
      )}
      {upload.status === 'COMPLETED' && (
        <>
          <UploadCounts counts={upload.counts} />
          <RejectedRows upload={upload} />
        </>
      )}
    </Stack>
  );
}

type UploadResultPanelProps = {
  uploadId: string;
  /** Set by the page that just uploaded: the end of the job is then announced. */
  knownStatus?: CsvUploadStatus;
  onFinished?: (upload: CsvUploadResult) => void;
  fileName?: string;
};

/** Loads an upload by id and follows it until it is done. */
export function UploadResultPanel({
  uploadId,
  knownStatus,
  onFinished,
  fileName = 'the roster',
}: UploadResultPanelProps) {
  const status = useUploadStatus(uploadId, { knownStatus, onFinished });
  if (status.isPending) {
    return <UploadProgress status="QUEUED" progress={0} fileName={fileName} />;
  }
  if (status.isError) {
    return (
      <ErrorAlert
        title="Could not load the upload"
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  }
  return <UploadResult upload={status.data} />;
}
