import { notifications } from '@mantine/notifications';
import type { CsvUploadResult } from '@teamup/shared';

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
  const c = upload.counts;
  const parts = [
    [c.created, 'enrolled'],
    [c.pending, 'pending (no account yet)'],
    [c.alreadyEnrolled, 'already enrolled'],
    [c.reactivated, 'reactivated'],
    [c.rejected, 'rejected'],
  ] as const;
  const said = parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n.toLocaleString('en-US')} ${what}`);
  notifications.show({
    color: c.rejected > 0 ? 'yellow' : 'green',
    title: 'Enrollment complete',
    message: `${upload.courseCode}: ${said.length > 0 ? said.join(', ') : 'no rows'}.`,
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
