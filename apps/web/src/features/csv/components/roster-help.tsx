import { Button, Code, List, Stack, Table, Text, Title } from '@mantine/core';
import { CSV_COLUMNS, CSV_FIELD_MAX, CSV_MAX_BYTES, CSV_MAX_ROWS } from '@teamup/shared';
import { IconDownload } from '@tabler/icons-react';
import { COLUMN_LABELS, formatBytes, type RosterColumn } from '../utils/preview-roster';
import { TEMPLATE_FILE_NAME, rosterTemplateCsv } from '../utils/roster-template';
import { saveFile } from '@/lib/save-file';

const REQUIRED: Record<RosterColumn, boolean> = {
  email: true,
  fullname: false,
  studentId: false,
  section: false,
};

function downloadTemplate() {
  saveFile(new Blob([rosterTemplateCsv()], { type: 'text/csv;charset=utf-8' }), TEMPLATE_FILE_NAME);
}

/** The template and what a roster may contain: the same rules the server applies. */
export function RosterHelp() {
  const columns = Object.keys(CSV_COLUMNS) as RosterColumn[];
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        Roster format
      </Title>
      <Text size="sm">
        The first row names the columns; every other row is one student. Start from the template or
        export a sheet with these columns:
      </Text>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={downloadTemplate}
        style={{ alignSelf: 'flex-start' }}
      >
        Download template
      </Button>
      <Table fz="sm" verticalSpacing={6} withTableBorder>
        <Table.Caption>
          Header names are matched ignoring case; other columns are ignored.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Also accepted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((c) => {
            // The template's spelling is the key; the list holds it lower-cased plus aliases.
            const aliases = CSV_COLUMNS[c].filter((a) => a !== c.toLowerCase());
            return (
              <Table.Tr key={c}>
                <Table.Td>
                  <Code>{c}</Code>
                  <Text size="xs" c="dimmed">
                    {COLUMN_LABELS[c]}, {REQUIRED[c] ? 'required' : 'optional'}
                  </Text>
                </Table.Td>
                <Table.Td>{aliases.map((a) => `“${a}”`).join(', ')}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <List size="sm" spacing={4}>
        <List.Item>Commas or semicolons between fields; quote a field that contains one.</List.Item>
        <List.Item>UTF-8 text, with or without a BOM (in Excel: Save as › “CSV UTF-8”).</List.Item>
        <List.Item>
          Up to {formatBytes(CSV_MAX_BYTES)} and {CSV_MAX_ROWS.toLocaleString('en-US')} rows per
          file; full names up to {CSV_FIELD_MAX.fullname} characters, student IDs up to{' '}
          {CSV_FIELD_MAX.studentId}, sections up to {CSV_FIELD_MAX.section}.
        </List.Item>
        <List.Item>
          A section (“A”, “Lab 2”) lets placement keep each section’s students together; a row
          without one keeps the student’s section as it is.
        </List.Item>
        <List.Item>
          Students with an account are enrolled at once; others are pending until their first
          sign-in. Uploading the same roster again adds no duplicates.
        </List.Item>
        <List.Item>
          Bad rows (an invalid email, a repeated one, a blank line) are rejected one by one; all
          other rows are applied together.
        </List.Item>
      </List>
    </Stack>
  );
}
