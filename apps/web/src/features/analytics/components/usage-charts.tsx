import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { SimpleGrid } from '@mantine/core';
import type { UsageAnalytics, UsageDay, UsageWeek } from '@teamup/shared';
import type { ReactNode } from 'react';
import {
  formatCount,
  formatLongDay,
  formatRate,
  formatShortDay,
  formatWeek,
} from '../utils/format';
import { ChartCard, type FigureColumn } from './chart-card';

const CHART_HEIGHT = 220;

/** The chart itself is a picture to assistive technology; its table holds the figures. */
function ChartImage({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={label}>
      {children}
    </div>
  );
}

const dayColumn: FigureColumn<UsageDay> = { label: 'Day', value: (d) => formatLongDay(d.day) };
const weekColumn: FigureColumn<UsageWeek> = {
  label: 'Week',
  value: (w) => formatWeek(w.from, w.to),
};
const numeric = <Row,>(label: string, value: (row: Row) => number): FigureColumn<Row> => ({
  label,
  numeric: true,
  value: (row) => formatCount(value(row)),
});

export function UsageCharts({ usage }: { usage: UsageAnalytics }) {
  const days = usage.days.map((d) => ({ ...d, label: formatShortDay(d.day) }));
  const weeks = usage.weeks.map((w) => ({ ...w, label: formatWeek(w.from, w.to) }));
  const span = `the last ${usage.range} days`;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard
        title="Sign-ins and active users"
        description="Per day (UTC). Active: signed in or used Teamup that day."
        rows={usage.days}
        rowKey={(d) => d.day}
        columns={[
          dayColumn,
          numeric<UsageDay>('Sign-ins', (d) => d.signIns),
          numeric<UsageDay>('Active users', (d) => d.activeUsers),
        ]}
        chart={
          <ChartImage label={`Line chart of sign-ins and active users per day over ${span}`}>
            <LineChart
              h={CHART_HEIGHT}
              data={days}
              dataKey="label"
              withLegend
              curveType="linear"
              withDots={usage.range <= 30}
              series={[
                { name: 'signIns', label: 'Sign-ins', color: 'blue.8' },
                { name: 'activeUsers', label: 'Active users', color: 'teal.8' },
              ]}
            />
          </ChartImage>
        }
      />
      <ChartCard
        title="Teams formed"
        description="Teams created per day (UTC), disbanded since or not."
        rows={usage.days}
        rowKey={(d) => d.day}
        columns={[dayColumn, numeric<UsageDay>('Teams formed', (d) => d.teamsFormed)]}
        chart={
          <ChartImage label={`Bar chart of teams formed per day over ${span}`}>
            <BarChart
              h={CHART_HEIGHT}
              data={days}
              dataKey="label"
              series={[{ name: 'teamsFormed', label: 'Teams formed', color: 'grape.8' }]}
            />
          </ChartImage>
        }
      />
      <ChartCard
        title="New users"
        description="Accounts created per week (weeks start on Monday, cut to the range)."
        rows={usage.weeks}
        rowKey={(w) => w.weekStart}
        columns={[weekColumn, numeric<UsageWeek>('New users', (w) => w.newUsers)]}
        chart={
          <ChartImage label={`Bar chart of new users per week over ${span}`}>
            <BarChart
              h={CHART_HEIGHT}
              data={weeks}
              dataKey="label"
              series={[{ name: 'newUsers', label: 'New users', color: 'indigo.8' }]}
            />
          </ChartImage>
        }
      />
      <ChartCard
        title="CSV uploads"
        description="Roster uploads per week; failure rate = failed ÷ finished uploads."
        rows={usage.weeks}
        rowKey={(w) => w.weekStart}
        columns={[
          weekColumn,
          numeric<UsageWeek>('Uploads', (w) => w.csvUploads),
          numeric<UsageWeek>('Failed', (w) => w.csvFailed),
          numeric<UsageWeek>('Rows processed', (w) => w.csvRowsProcessed),
          { label: 'Failure rate', numeric: true, value: (w) => formatRate(w.csvFailureRate) },
        ]}
        chart={
          <ChartImage label={`Bar chart of CSV uploads and failed uploads per week over ${span}`}>
            <BarChart
              h={CHART_HEIGHT}
              data={weeks}
              dataKey="label"
              withLegend
              series={[
                { name: 'csvUploads', label: 'Uploads', color: 'blue.8' },
                { name: 'csvFailed', label: 'Failed', color: 'red.8' },
              ]}
            />
          </ChartImage>
        }
      />
    </SimpleGrid>
  );
}
