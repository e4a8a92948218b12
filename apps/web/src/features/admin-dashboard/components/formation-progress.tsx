import { Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { CourseProgress } from '@teamup/shared';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { WhenNearScreen } from '@/components/ui/when-near-screen';
import { formatDay } from '@/lib/format';

// The chart and its library load when the chart nears the screen (decision 131): it sits below
// the courses, and on a phone's first screen it would only cost the page its responsiveness.
const ProgressChart = lazy(() => import('./progress-chart'));
const CHART_HEIGHT = 260;

// Distinct hues with enough contrast on both schemes; courses beyond ten reuse them.
const COLORS = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.7',
  'red.6',
  'lime.7',
  'pink.6',
  'blue.6',
  'yellow.7',
];

export type ProgressRow = { day: string } & Record<string, number | string | null>;
export type ProgressSeries = { name: string; label: string; color: string };
type Row = ProgressRow;

/** One row per day, one column per course id (null before the course's first day). */
export function progressRows(progress: readonly CourseProgress[]): Row[] {
  const days = [...new Set(progress.flatMap((p) => p.points.map((point) => point.day)))].sort();
  return days.map((day) => {
    const row: Row = { day };
    for (const course of progress) {
      row[course.courseId] = course.points.find((p) => p.day === day)?.percent ?? null;
    }
    return row;
  });
}

const percent = (value: number | string | null | undefined) =>
  typeof value === 'number' ? `${value}%` : '–';

/**
 * The share of active students in a team, day by day per course (UTC days), as a line chart
 * and, on demand, the same figures as a table.
 */
export function FormationProgress({ progress }: { progress: readonly CourseProgress[] }) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const rows = useMemo(() => progressRows(progress), [progress]);
  const series: ProgressSeries[] = progress.map((p, i) => ({
    name: p.courseId,
    label: p.code,
    color: COLORS[i % COLORS.length]!,
  }));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${tableId}-title`}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={`${tableId}-title`}>
          Formation progress
        </Title>
        <Text size="sm" c="dimmed">
          Share of active students in a team at the end of each day (UTC), per course.
        </Text>
        <div
          role="img"
          aria-label="Line chart of the share of active students in a team per day; the same figures are in the table"
        >
          <WhenNearScreen height={CHART_HEIGHT}>
            <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="sm" />}>
              <ProgressChart rows={rows} series={series} height={CHART_HEIGHT} />
            </Suspense>
          </WhenNearScreen>
        </div>
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? 'Hide the table' : 'Show as table'}
        </Button>
        {asTable && (
          <Table.ScrollContainer minWidth={160 + 90 * progress.length} maxHeight={360} id={tableId}>
            <Table striped stickyHeader>
              <Table.Caption>Share of active students in a team, per day (UTC)</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Day</Table.Th>
                  {progress.map((p) => (
                    <Table.Th scope="col" key={p.courseId}>
                      {p.code}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.day}>
                    <Table.Th scope="row">
                      <time dateTime={row.day}>{formatDay(row.day)}</time>
                    </Table.Th>
                    {progress.map((p) => (
                      <Table.Td key={p.courseId}>{percent(row[p.courseId])}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
