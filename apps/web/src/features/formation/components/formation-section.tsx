import {
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  type ComboboxItem,
} from '@mantine/core';
import { FORMATION_SEED_MAX, type FormationOptions } from '@teamup/shared';
import { useState } from 'react';
import { usePreviewFormation } from '../api/preview-formation';
import { ApiErrorAlert } from './api-error-alert';
import { ExcludeStudentsSelect } from './exclude-students-select';
import { ProposalView } from './proposal-view';
import { SectionCard } from './section-card';

/**
 * The admin's Formation section (issue 15): options, a preview that changes nothing, the
 * proposal to adjust, and applying it.
 */
export function FormationSection({ courseId }: { courseId: string }) {
  const [leaveClosedTeamsAlone, setLeaveClosedTeamsAlone] = useState(true);
  const [mergeUnderMinimum, setMergeUnderMinimum] = useState(false);
  const [excluded, setExcluded] = useState<ComboboxItem[]>([]);
  const [seed, setSeed] = useState<number | ''>('');
  const preview = usePreviewFormation();

  const options = (): FormationOptions => ({
    leaveClosedTeamsAlone,
    mergeUnderMinimum,
    excludeUserIds: excluded.map((o) => o.value),
    ...(seed === '' ? {} : { seed }),
  });
  const runPreview = () => preview.mutate({ courseId, options: options() });

  return (
    <SectionCard
      id="formation-heading"
      title="Formation"
      description="Places the active students who have no team: teams under the minimum are topped up first, then open seats are filled, then new teams are formed. Existing members stay where they are. A preview changes nothing."
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          runPreview();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Switch
              label="Leave teams closed to requests alone"
              description="Nobody is added to a team that is closed to requests."
              checked={leaveClosedTeamsAlone}
              onChange={(e) => setLeaveClosedTeamsAlone(e.currentTarget.checked)}
            />
            <Switch
              label="Merge teams under the minimum"
              description="A team still short after filling may move into another one."
              checked={mergeUnderMinimum}
              onChange={(e) => setMergeUnderMinimum(e.currentTarget.checked)}
            />
          </SimpleGrid>
          <ExcludeStudentsSelect courseId={courseId} value={excluded} onChange={setExcluded} />
          <NumberInput
            label="Seed"
            description="Optional: the same seed on the same course gives the same proposal."
            min={0}
            max={FORMATION_SEED_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={seed}
            onChange={(v) => setSeed(typeof v === 'number' ? v : '')}
            maw={240}
          />
          <Group>
            <Button type="submit" loading={preview.isPending}>
              Preview placement
            </Button>
          </Group>
        </Stack>
      </form>
      {preview.isError && (
        <ApiErrorAlert title="The preview could not be made" error={preview.error} />
      )}
      {preview.data && (
        <ProposalView
          // A new proposal starts from its own placements, not the previous one's edits.
          key={`${preview.data.fingerprint}:${preview.data.seed}:${preview.submittedAt}`}
          proposal={preview.data}
          previewing={preview.isPending}
          onPreviewAgain={runPreview}
          onApplied={() => preview.reset()}
        />
      )}
    </SectionCard>
  );
}
