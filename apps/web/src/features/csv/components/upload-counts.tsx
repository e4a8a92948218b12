import { Paper, SimpleGrid, Text } from '@mantine/core';
import { CSV_COUNT_WORDS, type CsvCounts } from '@teamup/shared';

/** "pending sign-in" → "Pending sign-in": the tiles name each count as the sentences do. */
const label = (key: keyof typeof CSV_COUNT_WORDS) =>
  CSV_COUNT_WORDS[key].charAt(0).toUpperCase() + CSV_COUNT_WORDS[key].slice(1);

const COUNTS: { key: keyof CsvCounts; label: string; hint: string; color?: string }[] = [
  { key: 'rowsRead', label: 'Rows read', hint: 'Student rows in the file' },
  {
    key: 'created',
    label: label('created'),
    hint: 'Students with an account: active now',
    color: 'teal.9',
  },
  {
    key: 'pending',
    label: label('pending'),
    hint: 'No account yet: active at their first sign-in',
    color: 'orange.9',
  },
  { key: 'alreadyEnrolled', label: label('alreadyEnrolled'), hint: 'Left as they were' },
  {
    key: 'reactivated',
    label: label('reactivated'),
    hint: 'Inactive or removed, now active again',
  },
  {
    key: 'rejected',
    label: label('rejected'),
    hint: 'Rows not applied; listed below',
    color: 'red.9',
  },
];

/** What the upload did, one number per outcome; the numbers add up to the rows read. */
export function UploadCounts({ counts }: { counts: CsvCounts }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3 }}
      spacing="sm"
      component="dl"
      m={0}
      aria-label="Upload summary"
    >
      {COUNTS.map(({ key, label, hint, color }) => (
        <Paper key={key} withBorder radius="md" p="sm">
          <Text component="dt" size="sm" fw={500}>
            {label}
          </Text>
          <Text
            component="dd"
            m={0}
            fz={26}
            fw={700}
            lh={1.2}
            c={counts[key] > 0 ? color : undefined}
          >
            {counts[key].toLocaleString('en-US')}
          </Text>
          <Text component="dd" m={0} size="xs" c="dimmed">
            {hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
