import {
  Badge,
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  SURVEY_MEETING_HOURS_MAX,
  SURVEY_OPTION_MAX,
  SURVEY_QUESTION_TYPE_LABELS,
  SURVEY_SHARED_HOURS_MAX,
  SURVEY_WEIGHT_MAX,
  type SurveyGoal,
} from '@teamup/shared';
import { SIMILAR_ONLY, type DraftQuestion } from '../utils/questions';
import { zonesWith } from '../utils/time-zones';
import { OptionList, ProjectList, RowActions } from './option-list';
import classes from './question-editor.module.css';

const WEIGHTS = Array.from({ length: SURVEY_WEIGHT_MAX + 1 }, (_, i) => String(i));

/** The selected weight and goal stand out in both schemes (3:1 at least, issue 35). */
const choiceClasses = { root: classes.choices, label: classes.choice };

type QuestionEditorProps = {
  question: DraftQuestion;
  index: number;
  count: number;
  onChange: (question: DraftQuestion) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
  /** The server's messages for this question, by path under it ("prompt", "options.1.label"). */
  errors: Record<string, string>;
};

/** The question's rule, kept whatever its weight (decision 147), or null without one. */
export function ruleOf(q: DraftQuestion): string | null {
  if (q.type === 'TEAMMATES') return '“would rather not”';
  if (q.type === 'DEMOGRAPHIC' && q.options.some((o) => o.doNotIsolate)) return '“do not isolate”';
  if (q.type === 'AVAILABILITY' && q.minSharedHours > 0) return '“minimum shared time”';
  return null;
}

/**
 * What the weight does for this question, in words: a weight scores; a rule (do not isolate,
 * would rather not) is its own setting that applies whatever the weight (issue 35).
 */
export function weightText(q: DraftQuestion): string {
  const rule = ruleOf(q);
  if (q.weight === 0)
    return rule
      ? `Not scored; its rule ${rule} still applies`
      : 'Not scored: asked, but no part of placement';
  return rule
    ? `Counts ${q.weight} in a team's score; its rule ${rule} applies whatever the weight`
    : `Counts ${q.weight} in a team's score (0 = not scored)`;
}

/** One question of the builder: prompt, weight, goal, required and its type's own fields. */
export function QuestionEditor({
  question: q,
  index,
  count,
  onChange,
  onMove,
  onRemove,
  errors,
}: QuestionEditorProps) {
  const label = `question ${index + 1}`;
  const headingId = `survey-question-${q.id}`;
  const update = (patch: Partial<DraftQuestion>) => onChange({ ...q, ...patch } as DraftQuestion);
  const whole = errors[''];
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} id={headingId}>
              Question {index + 1}
            </Text>
            <Badge variant="light" color="gray" autoContrast>
              {SURVEY_QUESTION_TYPE_LABELS[q.type]}
            </Badge>
          </Group>
          <RowActions
            what={label}
            index={index}
            count={count}
            removeVerb="Delete"
            onMove={onMove}
            onRemove={onRemove}
          />
        </Group>
        {whole && (
          <Text size="sm" fw={600} role="alert">
            {whole}
          </Text>
        )}
        <TextInput
          label="Question"
          aria-label={`Prompt of ${label}`}
          required
          maxLength={300}
          value={q.prompt}
          error={errors.prompt}
          onChange={(e) => update({ prompt: e.currentTarget.value })}
        />
        <Textarea
          label="Help"
          description="Optional: shown under the question."
          aria-label={`Help of ${label}`}
          autosize
          minRows={1}
          maxLength={500}
          value={q.help}
          error={errors.help}
          onChange={(e) => update({ help: e.currentTarget.value })}
        />
        <Group gap="lg" align="flex-start" wrap="wrap">
          <Input.Wrapper
            label="Weight"
            description={weightText(q)}
            error={errors.weight}
            id={`${headingId}-weight`}
          >
            {/* A block of its own: inline-flex, the control sat beside a label without a description. */}
            <div>
              <SegmentedControl
                mt={4}
                classNames={choiceClasses}
                aria-label={`Weight of ${label}`}
                data={WEIGHTS}
                value={String(q.weight)}
                onChange={(v) => update({ weight: Number(v) })}
              />
            </div>
          </Input.Wrapper>
          {!SIMILAR_ONLY.has(q.type) && (
            <Input.Wrapper label="Teammates should be" error={errors.goal}>
              <div>
                <SegmentedControl
                  mt={4}
                  classNames={choiceClasses}
                  aria-label={`Goal of ${label}`}
                  data={[
                    { value: 'SIMILAR', label: 'Similar' },
                    { value: 'DIVERSE', label: 'Diverse' },
                  ]}
                  value={q.goal}
                  onChange={(v) => update({ goal: v as SurveyGoal })}
                />
              </div>
            </Input.Wrapper>
          )}
          <Switch
            mt={{ base: 0, sm: 28 }}
            label="Required"
            aria-label={`Answer required for ${label}`}
            checked={q.required}
            onChange={(e) => update({ required: e.currentTarget.checked })}
          />
        </Group>
        <TypeFields question={q} label={label} onChange={onChange} errors={errors} />
      </Stack>
    </Paper>
  );
}

type TypeFieldsProps = {
  question: DraftQuestion;
  label: string;
  onChange: (q: DraftQuestion) => void;
  errors: Record<string, string>;
};

const int = (v: number | string, fallback: number) => (typeof v === 'number' ? v : fallback);

/** Meeting lengths in words: "2-hour blocks" (issue 36). */
const MEETING_LENGTHS = Array.from({ length: SURVEY_MEETING_HOURS_MAX }, (_, i) => ({
  value: String(i + 1),
  label: i === 0 ? 'Any hour (1-hour blocks)' : `${i + 1}-hour blocks`,
}));

/** What the minimum shared time does, in words (a rule, whatever the weight). */
export function minimumText(minSharedHours: number, meetingHours: number): string {
  if (minSharedHours === 0) return 'A rule when above 0: no team with less, whatever the weight.';
  const blocks = meetingHours > 1 ? `, in ${meetingHours}-hour blocks` : '';
  return `A rule: no team shares less than ${minSharedHours} ${minSharedHours === 1 ? 'hour' : 'hours'} a week${blocks}, whatever the weight (0 = no rule).`;
}

function TypeFields({ question: q, label, onChange, errors }: TypeFieldsProps) {
  switch (q.type) {
    case 'AVAILABILITY':
      return (
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NumberInput
            label="Shown from"
            description="Hour of the day (0–23)"
            aria-label={`First hour shown for ${label}`}
            min={0}
            max={23}
            allowDecimal={false}
            allowNegative={false}
            value={q.fromHour}
            error={errors.fromHour}
            onChange={(v) => onChange({ ...q, fromHour: int(v, 0) })}
            w={140}
          />
          <NumberInput
            label="Shown to"
            description="Hour of the day (1–24)"
            aria-label={`Last hour shown for ${label}`}
            min={1}
            max={24}
            allowDecimal={false}
            allowNegative={false}
            value={q.toHour}
            error={errors.toHour}
            onChange={(v) => onChange({ ...q, toHour: int(v, 24) })}
            w={140}
          />
          <NumberInput
            label="Hours needed"
            description="Shared free hours a team needs a week"
            aria-label={`Hours needed for ${label}`}
            min={1}
            max={40}
            allowDecimal={false}
            allowNegative={false}
            value={q.hoursNeeded}
            error={errors.hoursNeeded}
            onChange={(v) => onChange({ ...q, hoursNeeded: int(v, 1) })}
            w={200}
          />
          <Select
            label="Grid time zone"
            description="The hours above are in it; each student answers in their own zone."
            aria-label={`Time zone of the grid for ${label}`}
            data={zonesWith(q.timeZone)}
            value={q.timeZone}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No such time zone"
            error={errors.timeZone}
            onChange={(v) => v && onChange({ ...q, timeZone: v })}
            w={{ base: '100%', xs: 260 }}
          />
          <Select
            label="Meeting length"
            description="Only shared hours in blocks this long count."
            aria-label={`Meeting length for ${label}`}
            data={MEETING_LENGTHS}
            value={String(q.meetingHours)}
            allowDeselect={false}
            error={errors.meetingHours}
            onChange={(v) => v && onChange({ ...q, meetingHours: Number(v) })}
            w={{ base: '100%', xs: 220 }}
          />
          <NumberInput
            label="Minimum shared time"
            description={minimumText(q.minSharedHours, q.meetingHours)}
            aria-label={`Minimum shared hours a week for ${label}`}
            min={0}
            max={SURVEY_SHARED_HOURS_MAX}
            allowDecimal={false}
            allowNegative={false}
            suffix=" h a week"
            value={q.minSharedHours}
            error={errors.minSharedHours}
            onChange={(v) => onChange({ ...q, minSharedHours: int(v, 0) })}
            w={{ base: '100%', xs: 260 }}
          />
        </Group>
      );
    case 'SKILLS':
      return (
        <TagsInput
          label="Skills"
          description="Enter or a comma adds one; students rate each from 1 to 5."
          aria-label={`Skills of ${label}`}
          value={q.skills}
          maxTags={SURVEY_OPTION_MAX}
          splitChars={[',']}
          acceptValueOnBlur
          error={
            errors.skills ?? Object.entries(errors).find(([k]) => k.startsWith('skills.'))?.[1]
          }
          onChange={(skills) => {
            const seen = new Set<string>();
            const unique = skills
              .map((s) => s.trim())
              .filter((s) => {
                const key = s.toLowerCase();
                if (!s || seen.has(key)) return false;
                seen.add(key);
                return true;
              });
            onChange({ ...q, skills: unique });
          }}
        />
      );
    case 'ROLE':
    case 'SINGLE_CHOICE':
      return (
        <OptionList
          questionLabel={label}
          options={q.options}
          errors={errors}
          onChange={(options) => onChange({ ...q, options })}
        />
      );
    case 'DEMOGRAPHIC':
      return (
        <Stack gap={4}>
          <OptionList
            questionLabel={label}
            options={q.options}
            errors={errors}
            withDoNotIsolate
            onChange={(options) => onChange({ ...q, options })}
          />
          <Text size="xs" c="dimmed">
            “Do not isolate” is a rule, not a score: a team never has exactly one member with that
            option, whatever the question’s weight (even 0).
          </Text>
        </Stack>
      );
    case 'MULTIPLE_CHOICE':
      return (
        <Stack gap="xs">
          <OptionList
            questionLabel={label}
            options={q.options}
            errors={errors}
            onChange={(options) => onChange({ ...q, options })}
          />
          <NumberInput
            label="Most choices"
            description="Empty: any number."
            aria-label={`Most choices for ${label}`}
            min={1}
            max={q.options.length}
            allowDecimal={false}
            allowNegative={false}
            value={q.maxChoices ?? ''}
            error={errors.maxChoices}
            onChange={(v) => onChange({ ...q, maxChoices: typeof v === 'number' ? v : null })}
            w={160}
          />
        </Stack>
      );
    case 'PROJECT':
      return (
        <ProjectList
          questionLabel={label}
          projects={q.projects}
          errors={errors}
          onChange={(projects) => onChange({ ...q, projects })}
        />
      );
    case 'TEAMMATES':
      return (
        <Text size="sm" c="dimmed">
          Each student names up to 3 classmates they would like and 3 they would rather not work
          with. “Would rather not” is a rule, kept whatever the weight (even 0); the weight scores
          “would like”.
        </Text>
      );
  }
}
