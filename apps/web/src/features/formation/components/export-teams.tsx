// Loaded with the only screens that pick a date, not in the entry stylesheet (decision 091).
import '@mantine/dates/styles.css';
import { Button, Group, NativeSelect } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { TEAMS_EXPORT_FORMATS, type TeamsExportFormat } from '@teamup/shared';
import dayjs from 'dayjs';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useDownloadTeamsCsv } from '../api/download-teams-csv';
import { ApiErrorAlert } from './api-error-alert';
import { SectionCard } from './section-card';

/** The picker's local date and time ("YYYY-MM-DD HH:mm:ss") as an ISO instant, or undefined. */
function asOfInstant(value: string | null): string | undefined {
  if (!value) return undefined;
  const date = dayjs(value);
  return date.isValid() ? date.toISOString() : undefined;
}

// Short enough for a phone's select; what each one holds and where it goes is said below it.
const FORMAT_LABELS: Record<TeamsExportFormat, string> = {
  teamup: 'All columns',
  canvas: 'Canvas',
  moodle: 'Moodle',
};

const FORMAT_HELP: Record<TeamsExportFormat, string> = {
  teamup:
    'Team, member, email, student ID, leader and date joined. For any tool where you match the columns yourself, Blackboard included (create its groups first).',
  canvas:
    'Canvas group set import: in Canvas, open People, then the group set, then ⋮ → Import. Missing groups are created.',
  moodle:
    'Moodle upload users with groups: Site administration → Users → Upload users, with “Update existing users only”. The course code must be the Moodle course’s short name.',
};

/** The LMS export of the course's teams, now or as they were at a moment. */
export function ExportTeams({ courseId }: { courseId: string }) {
  const [asOf, setAsOf] = useState<string | null>(null);
  const [format, setFormat] = useState<TeamsExportFormat>('teamup');
  const download = useDownloadTeamsCsv();
  const at = asOfInstant(asOf);
  return (
    <SectionCard
      id="export-teams-heading"
      title="Export"
      description="One row per team member, in columns your learning platform's group import accepts."
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NativeSelect
          label="Format"
          description={FORMAT_HELP[format]}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={TEAMS_EXPORT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as TeamsExportFormat)}
          style={{ flex: '1 1 16rem' }}
          maw={420}
        />
        <DateTimePicker
          label="As of"
          description="Optional: the teams as they were at that moment (your time zone). Empty: as they are now."
          placeholder="Now"
          // "Now" is what an empty field exports, so it reads as a value: full text contrast.
          styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
          valueFormat="DD MMM YYYY HH:mm"
          clearable
          // Not in the future: the server refuses it.
          maxDate={new Date()}
          value={asOf}
          onChange={setAsOf}
          // A modal names its dialog (the popover's dropdown is an unnamed dialog to axe), and
          // the calendar keeps every day's number at 4.5:1: no grey days of the months beside,
          // no red weekends; the month arrows say what they do.
          dropdownType="modal"
          modalProps={{ title: 'Teams as of', size: 'auto' }}
          hideOutsideDates
          weekendDays={[]}
          previousLabel="Previous month"
          nextLabel="Next month"
          submitButtonProps={{ 'aria-label': 'Use this date and time' }}
          style={{ flex: '1 1 16rem' }}
          maw={320}
        />
      </Group>
      <Group>
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
