import {
  Anchor,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { CsvUpload, CsvUploadStatus } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useAdminCsvUploads, type UploadHistoryFilter } from '../api/get-admin-csv-uploads';
import { useCsvCourseOptions } from '../api/get-course-options';
import { countsText } from '../utils/upload-summary';
import { SCROLLABLE } from './table-and-alert-styles';
import { courseLabel } from './course-picker';
import { UPLOAD_STATUS_OPTIONS, UploadStatusBadge } from './upload-status-badge';

dayjs.extend(localizedFormat);

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

/** The search box: the history follows the typing once it pauses. */
function HistorySearch({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  // The latest props, read when the typing pauses: only a pause searches.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    if (debounced.trim() !== latest.current.value.trim()) latest.current.onChange(debounced);
  }, [debounced]);
  // Back and forward change the URL: the box shows what the list is searched for.
  useEffect(() => {
    setText((current) => (current.trim() === value.trim() ? current : value));
  }, [value]);
  return (
    <TextInput
      label="Search uploads"
      placeholder="File, course or uploader"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      maxLength={100}
      style={{ flex: '2 1 220px' }}
    />
  );
}

/**
 * Every upload of my organizations, newest first (GET /admin/csv-uploads), searchable by text,
 * course, status and uploader; each opens its result.
 */
export function UploadHistory({ filter, onFilterChange, onOpen }: UploadHistoryProps) {
  const history = useAdminCsvUploads(filter);
  const courses = useCsvCourseOptions();
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const filtered = Boolean(filter.courseId || filter.status || filter.mine || filter.q?.trim());

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Upload history
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <HistorySearch
          value={filter.q ?? ''}
          onChange={(q) => onFilterChange({ ...filter, q: q.trim() || undefined, page: undefined })}
        />
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
        <Switch
          label="Only my uploads"
          checked={Boolean(filter.mine)}
          onChange={(event) =>
            onFilterChange({
              ...filter,
              mine: event.currentTarget.checked || undefined,
              page: undefined,
            })
          }
          // Lines the switch up with the inputs' boxes rather than their labels.
          mb={8}
        />
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
