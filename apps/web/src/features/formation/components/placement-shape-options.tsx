import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Text,
} from '@mantine/core';
import {
  SIZE_PLAN_COUNT_MAX,
  SIZE_PLAN_ROWS_MAX,
  SIZE_PLAN_TEAM_MAX,
  type CourseSection,
  type SizePlanRow,
} from '@teamup/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** One row of the editor: empty while the instructor types. */
export type SizePlanDraft = { count: number | ''; size: number | '' };

/** The rows that say something ("N teams of S"), as the preview takes them. */
export function sizePlanOf(rows: SizePlanDraft[]): SizePlanRow[] {
  const bySize = new Map<number, number>();
  for (const r of rows) {
    if (r.count === '' || r.size === '') continue;
    bySize.set(r.size, (bySize.get(r.size) ?? 0) + r.count);
  }
  return [...bySize].map(([size, count]) => ({ size, count }));
}

const listed = (sections: CourseSection[]) =>
  sections
    .slice(0, 6)
    .map((s) => `${s.name} (${s.activeStudents})`)
    .join(', ') + (sections.length > 6 ? `, and ${sections.length - 6} more` : '');

type Props = {
  sections: CourseSection[];
  bySection: boolean;
  onBySectionChange: (value: boolean) => void;
  rows: SizePlanDraft[];
  onRowsChange: (rows: SizePlanDraft[]) => void;
  teamSizeMin: number;
  teamSizeMax: number;
};

/**
 * Issue 36 (decision 154): placing within the course's sections, and team sizes per team ("2
 * teams of 6, the rest at the course's sizes"). Both go into the preview, so into the apply.
 */
export function PlacementShapeOptions({
  sections,
  bySection,
  onBySectionChange,
  rows,
  onRowsChange,
  teamSizeMin,
  teamSizeMax,
}: Props) {
  const set = (i: number, patch: Partial<SizePlanDraft>) =>
    onRowsChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="sm">
      {sections.length > 0 && (
        <Checkbox
          label={`Place within sections (${sections.length} ${sections.length === 1 ? 'section' : 'sections'})`}
          description={`Each section's students only join teams of their section; new teams are named by section. Active students: ${listed(sections)}.`}
          checked={bySection}
          onChange={(e) => onBySectionChange(e.currentTarget.checked)}
        />
      )}
      <Fieldset legend="Team sizes" variant="unstyled" aria-describedby="size-plan-help">
        <Stack gap="xs">
          <Text size="xs" c="dimmed" id="size-plan-help">
            {`New teams are of ${teamSizeMin}–${teamSizeMax} unless you plan some: for example 2 teams of 6 for two large projects, the rest at the course's sizes.${bySection && sections.length > 0 ? ' Within sections, the plan holds in each section.' : ''}`}
          </Text>
          {rows.map((r, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
              <NumberInput
                label="Teams"
                aria-label={`Number of teams, row ${i + 1}`}
                min={1}
                max={SIZE_PLAN_COUNT_MAX}
                allowDecimal={false}
                allowNegative={false}
                value={r.count}
                onChange={(v) => set(i, { count: typeof v === 'number' ? v : '' })}
                w={88}
              />
              <Text size="sm" pb={8}>
                teams of
              </Text>
              <NumberInput
                label="Size"
                aria-label={`Team size, row ${i + 1}`}
                min={teamSizeMin}
                max={SIZE_PLAN_TEAM_MAX}
                allowDecimal={false}
                allowNegative={false}
                value={r.size}
                onChange={(v) => set(i, { size: typeof v === 'number' ? v : '' })}
                w={88}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                mb={2}
                aria-label={`Remove row ${i + 1} of the team sizes`}
                onClick={() => onRowsChange(rows.filter((_, k) => k !== i))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {rows.length < SIZE_PLAN_ROWS_MAX && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() =>
                onRowsChange([
                  ...rows,
                  { count: 1, size: Math.min(SIZE_PLAN_TEAM_MAX, teamSizeMax + 1) },
                ])
              }
              style={{ alignSelf: 'flex-start' }}
            >
              Add team sizes
            </Button>
          )}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
