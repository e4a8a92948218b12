import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { TEAMS_EXPORT_FORMATS, type TeamsExportFormat } from '@teamup/shared';
import dayjs from 'dayjs';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useDownloadTeamsCsv } from '../api/download-teams-csv';
import { ApiErrorAlert } from './api-error-alert';
import { SectionCard } from './section-card';

/** A datetime-local value (the browser's time zone) as an ISO instant, or undefined. */
export function asOfInstant(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const FORMAT_LABELS: Record<TeamsExportFormat, string> = {
  teamup: 'All columns (team, member, email, student id, leader, joined at)',
  canvas: 'Canvas: group set import',
  moodle: 'Moodle: upload users with groups',
};

/** The LMS export of the course's teams, now or as they were at a moment. */
export function ExportTeams({ courseId }: { courseId: string }) {
  const [asOf, setAsOf] = useState('');
  const [format, setFormat] = useState<TeamsExportFormat>('teamup');
  const download = useDownloadTeamsCsv();
  const at = asOfInstant(asOf);
  return (
    <SectionCard
      id="export-teams-heading"
      title="Export"
      description="One row per team member, in the columns your LMS's group import accepts (the README lists the mapping)."
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Format"
          data={TEAMS_EXPORT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as TeamsExportFormat)}
          maw={360}
          w="100%"
        />
        <TextInput
          type="datetime-local"
          label="As of"
          description="Optional: the teams as they were at that moment (your time zone)."
          // Not in the future: the server refuses it.
          max={dayjs().format('YYYY-MM-DDTHH:mm')}
          value={asOf}
          onChange={(e) => setAsOf(e.currentTarget.value)}
          maw={300}
          w="100%"
        />
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate({ courseId, format, ...(at ? { at } : {}) })}
        >
          Export teams (CSV)
        </Button>
      </Group>
      {download.isError && (
        <ApiErrorAlert title="The CSV could not be downloaded" error={download.error} />
      )}
    </SectionCard>
  );
}
