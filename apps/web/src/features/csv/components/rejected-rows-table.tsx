import { Group, Pagination, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CsvRowError } from '@teamup/shared';
import { useState } from 'react';
import { SCROLLABLE } from './table-and-alert-styles';

const PER_PAGE = 20;

function Empty() {
  return (
    <Text span c="dimmed" size="sm">
      (empty)
    </Text>
  );
}

/** On a phone each rejected row is a card: the reason first, then the row's cells. */
function RejectedRowCards({ errors }: { errors: CsvRowError[] }) {
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Rejected rows"
    >
      {errors.map((e) => (
        <Paper key={e.row} component="li" withBorder radius="md" p="sm">
          <Text size="sm" fw={600}>
            Row {e.row}: {e.reason}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {e.email || <Empty />}
          </Text>
          {(e.fullname || e.studentId) && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[e.fullname, e.studentId].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The rows the server did not apply, with the spreadsheet's row numbers (header = row 1) and
 * the cells the file had, which the downloaded report holds too. `partial`: these are only
 * the first of them (the status call carries at most 100; decision 083).
 */
export function RejectedRowsTable({
  errors,
  partial = false,
}: {
  errors: CsvRowError[];
  partial?: boolean;
}) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(errors.length / PER_PAGE));
  const current = Math.min(page, pages);
  const shown = errors.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <>
      {narrow ? (
        <RejectedRowCards errors={shown} />
      ) : (
        <Table.ScrollContainer minWidth={560} {...SCROLLABLE('Rejected rows, scrolls sideways')}>
          <Table verticalSpacing="xs" striped>
            <VisuallyHidden component="caption">Rejected rows</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Row</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Full name</Table.Th>
                <Table.Th>Student ID</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((e) => (
                <Table.Tr key={e.row}>
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.email || <Empty />}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.fullname}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.studentId}</Table.Td>
                  <Table.Td>{e.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            Rows {(current - 1) * PER_PAGE + 1}–{Math.min(current * PER_PAGE, errors.length)} of{' '}
            {partial ? `the first ${errors.length} shown` : `${errors.length} rejected`}
          </Text>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            siblings={1}
            boundaries={1}
            aria-label="Pages of rejected rows"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      )}
    </>
  );
}
