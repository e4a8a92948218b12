import { Badge, type BadgeProps } from '@mantine/core';
import { CSV_UPLOAD_STATUSES, type CsvUploadStatus } from '@teamup/shared';

const STATUS: Record<CsvUploadStatus, { label: string; color: string }> = {
  QUEUED: { label: 'Queued', color: 'gray.7' },
  PROCESSING: { label: 'Processing', color: 'blue.8' },
  COMPLETED: { label: 'Completed', color: 'teal.9' },
  FAILED: { label: 'Failed', color: 'red.9' },
};

export const UPLOAD_STATUS_OPTIONS = CSV_UPLOAD_STATUSES.map((value) => ({
  value,
  label: STATUS[value].label,
}));

export function UploadStatusBadge({
  status,
  progress,
  ...props
}: { status: CsvUploadStatus; progress?: number } & Omit<BadgeProps, 'color' | 'children'>) {
  const label =
    status === 'PROCESSING' && progress !== undefined
      ? `${STATUS[status].label} ${progress}%`
      : STATUS[status].label;
  return (
    // Never squeezed by a long file name beside it: a cut "COMPLE…" says nothing.
    <Badge
      color={STATUS[status].color}
      variant="filled"
      autoContrast
      style={{ flexShrink: 0 }}
      {...props}
    >
      {label}
    </Badge>
  );
}
