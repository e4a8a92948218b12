import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconX } from '@tabler/icons-react';
import { ALERT_TITLE, SCROLLABLE } from './table-and-alert-styles';
import {
  COLUMN_LABELS,
  blockingProblem,
  formatBytes,
  type HeaderMapping,
  type RosterColumn,
  type RosterPreview,
} from '../utils/preview-roster';
import { countOf } from '@/lib/format';

const ISSUES_LISTED = 5;
/** The Upload button names this list as its description while the file is refused. */
export const BLOCKING_PROBLEMS_ID = 'csv-blocking-problems';

function FileLine({ preview, onClear }: { preview: RosterPreview; onClear: () => void }) {
  const facts = [
    formatBytes(preview.size),
    preview.rowCount !== null ? countOf(preview.rowCount, 'student row', 'student rows') : null,
    preview.delimiter === ';'
      ? 'semicolon-separated'
      : preview.delimiter === ','
        ? 'comma-separated'
        : null,
  ].filter(Boolean);
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {preview.fileName}
        </Text>
        <Text size="sm" c="dimmed">
          {facts.join(' · ')}
        </Text>
      </div>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconX size={14} aria-hidden />}
        onClick={onClear}
        aria-label={`Remove ${preview.fileName}`}
        style={{ flexShrink: 0 }}
      >
        Remove
      </Button>
    </Group>
  );
}

function Problems({ preview }: { preview: RosterPreview }) {
  const blocking = preview.problems.filter((p) => p.blocking);
  const issues = preview.rowIssues;
  const rest = preview.rowCount !== null ? preview.rowCount - issues.length : null;
  return (
    <>
      {blocking.length > 0 && (
        <Alert
          color="red.9"
          variant="light"
          styles={ALERT_TITLE.red}
          title="This file cannot be uploaded"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          style={{ overflowWrap: 'anywhere' }}
        >
          <List size="sm" spacing={4} id={BLOCKING_PROBLEMS_ID}>
            {blocking.map((p) => (
              <List.Item key={p.message}>{p.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {issues.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          styles={ALERT_TITLE.warning}
          title={`${countOf(issues.length, 'row', 'rows')} will be rejected`}
          icon={<IconAlertTriangle aria-hidden />}
          // A long email has no break opportunity; without this it widens the alert past the card.
          style={{ overflowWrap: 'anywhere' }}
        >
          <List size="sm" spacing={4}>
            {issues.slice(0, ISSUES_LISTED).map((issue) => (
              <List.Item key={issue.row}>
                Row {issue.row}
                {issue.email ? ` (${issue.email})` : ''}: {issue.reason}
              </List.Item>
            ))}
          </List>
          {issues.length > ISSUES_LISTED && (
            <Text size="sm" mt={4}>
              …and {countOf(issues.length - ISSUES_LISTED, 'more row', 'more rows')}.
            </Text>
          )}
          <Text size="sm" mt="xs">
            {rest !== null && rest > 0
              ? `You can still upload: the other ${countOf(rest, 'row is', 'rows are')} enrolled and the result lists the rejected ones.`
              : 'Fix these rows in the file, or upload it anyway and download the rejected rows afterwards.'}
          </Text>
        </Alert>
      )}
    </>
  );
}

function DetectedColumns({ headers }: { headers: HeaderMapping[] }) {
  const found = new Set(headers.map((h) => h.column).filter(Boolean));
  const missing = (['fullname', 'studentId'] as RosterColumn[]).filter((c) => !found.has(c));
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm">
        Detected columns
      </Title>
      <Group
        gap="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Detected columns"
      >
        {headers.map((h) => (
          <Group key={h.index} gap={6} component="li" wrap="nowrap">
            <Text size="sm" span>
              {h.header || `(column ${h.index + 1} has no name)`}
            </Text>
            <Text size="sm" span c="dimmed" aria-hidden>
              →
            </Text>
            {h.column ? (
              <Badge variant="filled" color="blue.8">
                {COLUMN_LABELS[h.column]}
              </Badge>
            ) : (
              <Badge variant="outline" color="gray.7">
                Ignored
              </Badge>
            )}
          </Group>
        ))}
      </Group>
      {missing.length > 0 && found.has('email') && (
        <Text size="xs" c="dimmed">
          No {missing.map((c) => COLUMN_LABELS[c].toLowerCase()).join(' or ')} column: that is fine,
          only email is required.
        </Text>
      )}
    </Stack>
  );
}

function PreviewTable({ preview }: { preview: RosterPreview }) {
  const { headers, rows } = preview;
  // A refused file has no row verdicts: "OK" beside a row that will never be sent would mislead.
  const checked = !blockingProblem(preview);
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm">
        First {countOf(rows.length, 'row', 'rows')}
      </Title>
      <Table.ScrollContainer
        minWidth={Math.max(480, 130 * headers.length + 180)}
        {...SCROLLABLE('First rows, scrolls sideways')}
      >
        <Table verticalSpacing={6} withTableBorder striped fz="sm">
          <VisuallyHidden component="caption">First rows of {preview.fileName}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>Row</Table.Th>
              {checked && <Table.Th>Check</Table.Th>}
              {headers.map((h) => (
                <Table.Th key={h.index} c={h.column ? undefined : 'dimmed'}>
                  {h.header || `Column ${h.index + 1}`}
                  {!h.column && <VisuallyHidden> (ignored)</VisuallyHidden>}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                {checked && (
                  <Table.Td>
                    {r.issue ? (
                      <Text span size="sm" c="red.9" fw={500}>
                        {r.issue}
                      </Text>
                    ) : (
                      <Text span size="sm" c="teal.9">
                        OK
                      </Text>
                    )}
                  </Table.Td>
                )}
                {headers.map((h) => (
                  <Table.Td
                    key={h.index}
                    c={h.column ? undefined : 'dimmed'}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {r.cells[h.index] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** What the chosen file holds and what the upload will make of it, before anything is sent. */
export function RosterPreviewView({
  preview,
  onClear,
}: {
  preview: RosterPreview;
  onClear: () => void;
}) {
  return (
    <Stack gap="md" aria-label="Preview of the chosen file" component="section">
      <FileLine preview={preview} onClear={onClear} />
      <Problems preview={preview} />
      {preview.headers.length > 0 && <DetectedColumns headers={preview.headers} />}
      {preview.rows.length > 0 && <PreviewTable preview={preview} />}
    </Stack>
  );
}
