import {
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  type ComboboxItem,
} from '@mantine/core';
import {
  FORMATION_SEED_MAX,
  type CourseSection,
  type FormationApplyResult,
  type FormationOptions,
} from '@teamup/shared';
import { useState } from 'react';
import { usePreviewFormation } from '../api/preview-formation';
import { useKeptProposals, type KeptProposal } from '../utils/kept-proposals';
import { ApiErrorAlert } from './api-error-alert';
import { AppliedResult } from './applied-result';
import { CompareProposals } from './compare-proposals';
import { Disclosure } from './disclosure';
import { ExcludeStudentsSelect } from './exclude-students-select';
import { PlacementShapeOptions, sizePlanOf, type SizePlanDraft } from './placement-shape-options';
import { ProposalView } from './proposal-view';
import { SectionCard } from './section-card';

/**
 * The admin's Formation section (issue 15): options, a preview that changes nothing, the
 * proposal to adjust, and applying it.
 */
export function FormationSection({
  courseId,
  sections = [],
  teamSizes = { min: 2, max: 4 },
}: {
  courseId: string;
  /** Issue 36: the course's sections (placing within them is on with two or more). */
  sections?: CourseSection[];
  teamSizes?: { min: number; max: number };
}) {
  const [leaveClosedTeamsAlone, setLeaveClosedTeamsAlone] = useState(true);
  const [mergeUnderMinimum, setMergeUnderMinimum] = useState(false);
  const [useSurvey, setUseSurvey] = useState(true);
  const [keepSelfFormedTeams, setKeepSelfFormedTeams] = useState(true);
  const [excluded, setExcluded] = useState<ComboboxItem[]>([]);
  // The API calls it a seed; an instructor knows it as the number of a proposal to see again.
  const [proposalNumber, setProposalNumber] = useState<number | ''>('');
  const [applied, setApplied] = useState<FormationApplyResult | null>(null);
  // Issue 36: null until the instructor chooses; the default follows the course's sections.
  const [bySectionChoice, setBySection] = useState<boolean | null>(null);
  const bySection = bySectionChoice ?? sections.length >= 2;
  const [sizeRows, setSizeRows] = useState<SizePlanDraft[]>([]);
  const preview = usePreviewFormation();
  // Issue 36: previews kept to compare, and the kept one reopened in the editor (if any).
  const kept = useKeptProposals(courseId);
  const [opened, setOpened] = useState<KeptProposal | null>(null);
  const done = (result: FormationApplyResult) => {
    setApplied(result);
    setOpened(null);
    preview.reset();
    // The course changed: every kept preview is stale now.
    kept.clear();
  };

  const options = (): FormationOptions => ({
    leaveClosedTeamsAlone,
    mergeUnderMinimum,
    useSurvey,
    keepSelfFormedTeams,
    excludeUserIds: excluded.map((o) => o.value),
    ...(proposalNumber === '' ? {} : { seed: proposalNumber }),
    ...(sections.length > 0 ? { bySection } : {}),
    ...(sizePlanOf(sizeRows).length > 0 ? { sizePlan: sizePlanOf(sizeRows) } : {}),
  });
  const runPreview = () => {
    setApplied(null);
    setOpened(null);
    preview.mutate({ courseId, options: options() });
  };

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
            <Switch
              label="Use the course's survey"
              description="Places students by their survey answers, raising the lowest team score first. Without a survey (or with this off), by choices and skills."
              checked={useSurvey}
              onChange={(e) => setUseSurvey(e.currentTarget.checked)}
            />
            <Switch
              label="Keep teams students formed"
              description="With the survey: teams students made keep their members and only get open seats filled. Off: their members may be moved to raise the lowest score."
              checked={keepSelfFormedTeams}
              onChange={(e) => setKeepSelfFormedTeams(e.currentTarget.checked)}
            />
          </SimpleGrid>
          <PlacementShapeOptions
            sections={sections}
            bySection={bySection}
            onBySectionChange={setBySection}
            rows={sizeRows}
            onRowsChange={setSizeRows}
            teamSizeMin={teamSizes.min}
            teamSizeMax={teamSizes.max}
          />
          <ExcludeStudentsSelect courseId={courseId} value={excluded} onChange={setExcluded} />
          <Disclosure label="Advanced options">
            <NumberInput
              mt="xs"
              label="Proposal number"
              description="Optional: the number of an earlier proposal (under “About this proposal”) to see that same proposal again. It comes back with the same options while the course's teams and students are unchanged. Leave it empty for a fresh proposal."
              min={0}
              max={FORMATION_SEED_MAX}
              allowDecimal={false}
              allowNegative={false}
              value={proposalNumber}
              onChange={(v) => setProposalNumber(typeof v === 'number' ? v : '')}
              maw={420}
            />
          </Disclosure>
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
      {applied && <AppliedResult result={applied} />}
      {opened ? (
        <ProposalView
          key={`kept:${opened.id}`}
          proposal={opened.proposal}
          startEdits={opened.edits}
          focusOnShow
          previewing={preview.isPending}
          onPreviewAgain={runPreview}
          onApplied={done}
          onKeep={kept.keep}
        />
      ) : (
        preview.data && (
          <ProposalView
            // A new proposal starts from its own placements, not the previous one's edits.
            key={`${preview.data.fingerprint}:${preview.data.seed}:${preview.submittedAt}`}
            proposal={preview.data}
            previewing={preview.isPending}
            onPreviewAgain={runPreview}
            onApplied={done}
            onKeep={kept.keep}
          />
        )
      )}
      <CompareProposals
        kept={kept.list}
        openedId={opened?.id ?? null}
        onOpen={(entry) => {
          setApplied(null);
          setOpened(entry);
        }}
        onRemove={(id) => {
          kept.remove(id);
          if (opened?.id === id) setOpened(null);
        }}
        onApplied={done}
      />
    </SectionCard>
  );
}
