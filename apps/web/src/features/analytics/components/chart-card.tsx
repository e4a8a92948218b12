import { Button, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

export type FigureColumn<Row> = {
  label: string;
  value: (row: Row) => ReactNode;
  /** Numbers are right-aligned. */
  numeric?: boolean;
};

type ChartCardProps<Row> = {
  title: string;
  description: string;
  /** The chart, drawn from the same rows as the table. */
  chart: ReactNode;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly FigureColumn<Row>[];
};

/**
 * A chart with its figures readable as a table: the button swaps one for the other, so that
 * every number of the chart can be read (and by a screen reader, which reads no chart).
 */
export function ChartCard<Row>({
  title,
  description,
  chart,
  rows,
  rowKey,
  columns,
}: ChartCardProps<Row>) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} fz="md" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={
            asTable ? <IconChartBar size={14} aria-hidden /> : <IconTable size={14} aria-hidden />
          }
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Show chart' : 'Show table'}
        </Button>
      </Group>
      {asTable ? (
        <ScrollArea.Autosize mah={360} type="auto">
          <Table striped highlightOnHover stickyHeader aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined}>
                      {c.value(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : (
        chart
      )}
    </Card>
  );
}
