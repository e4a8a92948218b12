import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { formatDay } from '@/lib/format';
import type { ProgressRow, ProgressSeries } from './formation-progress';

/**
 * The formation progress as a line chart, in a chunk of its own with the chart library: the
 * dashboard loads it when the chart nears the screen (decision 131).
 */
export default function ProgressChart({
  rows,
  series,
  height,
}: {
  rows: ProgressRow[];
  series: ProgressSeries[];
  height: number;
}) {
  return (
    <LineChart
      h={height}
      // The chart's tooltip stays where it was last drawn while hidden: after the window narrows
      // (a phone turned, a window resized) it would stick out of the page and scroll it sideways.
      // Recharts keeps a shown tooltip inside the chart, so clipping to the chart hides nothing.
      style={{ overflow: 'hidden' }}
      data={rows}
      dataKey="day"
      series={series}
      curveType="linear"
      connectNulls={false}
      withDots={rows.length <= 14}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      // The app's date format ("Oct 28, 2026"), not the API's ISO days.
      xAxisProps={{ tickFormatter: formatDay, minTickGap: 24 }}
      tooltipProps={{ labelFormatter: (day: string) => formatDay(day) }}
      yAxisProps={{ domain: [0, 100] }}
      unit="%"
      tickLine="y"
    />
  );
}
