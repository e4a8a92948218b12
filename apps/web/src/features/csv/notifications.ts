import { notifications } from '@mantine/notifications';
import { csvCountsSummary, type CsvUploadResult } from '@teamup/shared';

/** Every step of an upload is announced: accepted, completed, failed, or refused. */

export function notifyAccepted(fileName: string, serverMessage: string | undefined) {
  notifications.show({
    color: 'blue',
    title: 'Upload accepted',
    message: serverMessage ?? `${fileName} is queued for processing.`,
  });
}

export function notifyFinished(upload: CsvUploadResult) {
  if (upload.status === 'FAILED') {
    notifications.show({
      color: 'red',
      title: 'Upload failed',
      message: `${upload.failureMessage ?? 'The roster could not be processed.'} Nothing was applied.`,
      autoClose: false,
    });
    return;
  }
  notifications.show({
    color: upload.counts.rejected > 0 ? 'yellow' : 'green',
    title: `Enrollment complete: ${upload.courseCode}`,
    // The notification (bell) and the result's counts say it in the same words.
    message: csvCountsSummary(upload.counts),
  });
}

export function notifyRefused(fileName: string, error: unknown) {
  const message = error instanceof Error ? error.message : 'An unexpected error occurred';
  notifications.show({
    color: 'red',
    title: 'Upload refused',
    message: `${fileName}: ${message}`,
    autoClose: false,
  });
}

export function notifyDownloadFailed(error: unknown) {
  const message = error instanceof Error ? error.message : 'An unexpected error occurred';
  notifications.show({ color: 'red', title: 'Download failed', message });
}
