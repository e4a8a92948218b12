import {
  Anchor,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CsvUpload, CsvUploadStatus } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useCsvCourseOptions } from '../api/get-course-options';
import { useUploadHistory } from '../api/get-upload-history';
import type { UploadHistoryFilter } from '../api/get-uploads';
import { SCROLLABLE } from './table-and-alert-styles';
import { courseLabel } from './course-picker';
import { UPLOAD_STATUS_OPTIONS, UploadStatusBadge } from './upload-status-badge';

dayjs.extend(localizedFormat);

function countsText(u: CsvUpload): string {
  if (u.status === 'FAILED') return 'Nothing applied';
  if (u.status !== 'COMPLETED') return `${u.counts.rowsRead.toLocaleString('en-US')} rows so far`;
  const c = u.counts;
  return [
    `${c.rowsRead} read`,
    `${c.created} created`,
    c.pending > 0 && `${c.pending} pending`,
    c.alreadyEnrolled > 0 && `${c.alreadyEnrolled} already enrolled`,
    c.reactivated > 0 && `${c.reactivated} reactivated`,
    `${c.rejected} rejected`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function OpenButton({ upload, onOpen }: { upload: CsvUpload; onOpen: (id: string) => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      fw={600}
      size="sm"
      ta="left"
      style={{ overflowWrap: 'anywhere' }}
      aria-label={`Open result of ${upload.fileName}, ${dayjs(upload.createdAt).format('lll')}`}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(upload.id);
      }}
    >
      {upload.fileName}
    </Anchor>
  );
}

type ListProps = { items: CsvUpload[]; onOpen: (id: string) => void };

function HistoryCards({ items, onOpen }: ListProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Uploads">
      {items.map((u) => (
        <Paper key={u.id} withBorder radius="md" p="sm" component="li">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <OpenButton upload={u} onOpen={onOpen} />
              <UploadStatusBadge status={u.status} progress={u.progress} />
            </Group>
            <Text size="sm">
              {u.courseCode} · {u.organizationName}
            </Text>
            <Text size="xs">{countsText(u)}</Text>
            <Text size="xs" c="dimmed">
              {u.uploadedBy?.fullname ?? 'Removed user'} ·{' '}
              <time dateTime={u.createdAt}>{dayjs(u.createdAt).format('lll')}</time>
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function HistoryTable({ items, onOpen }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={960} {...SCROLLABLE('Uploads, scrolls sideways')}>
      <Table verticalSpacing="sm" highlightOnHover>
        <VisuallyHidden component="caption">Uploads</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={160}>File</Table.Th>
            <Table.Th miw={120}>Course</Table.Th>
            <Table.Th miw={150}>Status</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th miw={120}>Uploaded by</Table.Th>
            <Table.Th miw={130}>Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((u) => (
            <Table.Tr
              key={u.id}
              // The whole row opens the result for a mouse; the file name button for a keyboard.
              onClick={() => onOpen(u.id)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td maw={240}>
                <OpenButton upload={u} onOpen={onOpen} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {u.courseCode}
                </Text>
                <Text size="xs" c="dimmed">
                  {u.organizationName}
                </Text>
              </Table.Td>
              <Table.Td>
                <UploadStatusBadge status={u.status} progress={u.progress} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{countsText(u)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{u.uploadedBy?.fullname ?? 'Removed user'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <time dateTime={u.createdAt}>{dayjs(u.createdAt).format('lll')}</time>
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type UploadHistoryProps = {
  filter: UploadHistoryFilter;
  onFilterChange: (next: UploadHistoryFilter) => void;
  onOpen: (uploadId: string) => void;
};

/** Every upload of my organizations, newest first, or one course's; each opens its result. */
export function UploadHistory({ filter, onFilterChange, onOpen }: UploadHistoryProps) {
  const history = useUploadHistory(filter);
  const courses = useCsvCourseOptions();
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const filtered = Boolean(filter.courseId || filter.status);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Title order={2} fz="h3">
          Upload history
        </Title>
        <Group
          gap="sm"
          align="flex-end"
          wrap="wrap"
          style={{ flex: '1 1 320px' }}
          justify="flex-end"
        >
          <Select
            label="Filter by course"
            placeholder="All courses"
            data={(courses.data ?? []).map((c) => ({ value: c.id, label: courseLabel(c) }))}
            value={filter.courseId ?? null}
            onChange={(courseId) =>
              onFilterChange({ ...filter, courseId: courseId ?? undefined, page: undefined })
            }
            searchable
            clearable
            nothingFoundMessage="No course matches"
            error={courses.isError ? 'Could not load courses' : undefined}
            style={{ flex: '2 1 220px' }}
          />
          <Select
            label="Filter by status"
            placeholder="Any status"
            data={UPLOAD_STATUS_OPTIONS}
            value={filter.status ?? null}
            onChange={(status) =>
              onFilterChange({
                ...filter,
                status: (status as CsvUploadStatus | null) ?? undefined,
                page: undefined,
              })
            }
            clearable
            style={{ flex: '1 1 150px' }}
          />
        </Group>
      </Group>

      {history.isPending ? (
        <InlineLoader label="Loading uploads" />
      ) : history.isError ? (
        <ErrorAlert
          title="Could not load the upload history"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.items.length === 0 ? (
        <EmptyState>
          {filtered
            ? 'No upload matches these filters.'
            : 'No rosters uploaded yet. Your organizations’ uploads will be listed here.'}
        </EmptyState>
      ) : (
        <>
          {narrow ? (
            <HistoryCards items={history.data.items} onOpen={onOpen} />
          ) : (
            <HistoryTable items={history.data.items} onOpen={onOpen} />
          )}
          <ListPagination
            page={history.data.page}
            limit={history.data.limit}
            total={history.data.total}
            noun="uploads"
            onChange={(page) => onFilterChange({ ...filter, page: page === 1 ? undefined : page })}
          />
        </>
      )}
    </Stack>
  );
}
