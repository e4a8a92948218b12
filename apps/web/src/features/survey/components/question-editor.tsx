import {
  Badge,
  Group,
  Input,
  NumberInput,
  List,
  Paper,
  Radio,
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
  SURVEY_BALANCE_SCALE,
  SURVEY_MEETING_HOURS_MAX,
  SURVEY_OPTION_MAX,
  SURVEY_QUESTION_TYPE_LABELS,
  SURVEY_SHARED_HOURS_MAX,
  SURVEY_TOGETHER_MAX,
  SURVEY_TOGETHER_MIN,
  SURVEY_WEIGHT_MAX,
  type SurveyGoal,
  type SurveyLikeRule,
} from '@teamup/shared';
import { SIMILAR_ONLY, type DraftOption, type DraftQuestion } from '../utils/questions';
import { zonesWith } from '../utils/time-zones';
import { OptionList, PairList, ProjectList, RowActions } from './option-list';
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

/** The question's rules, kept whatever its weight (decision 147), in short words. */
export function rulesOf(q: DraftQuestion): string[] {
  const out: string[] = [];
  if (q.type === 'TEAMMATES') {
    out.push('“would rather not”');
    if (q.likeRule && q.likeRule !== 'SCORE') out.push('“required teammates”');
  }
  if (q.type === 'DEMOGRAPHIC') {
    if (q.options.some((o) => o.doNotIsolate))
      out.push(
        (q.togetherMin ?? 2) === 2 ? '“do not isolate”' : `“at least ${q.togetherMin} or none”`,
      );
    if (q.options.some((o) => o.notAll)) out.push('“never a whole team”');
    if (q.requireMixed) out.push('“every team mixed”');
  }
  if (
    (q.type === 'DEMOGRAPHIC' || q.type === 'ROLE' || q.type === 'SINGLE_CHOICE') &&
    q.incompatible?.length
  )
    out.push('“may not share a team”');
  if (q.type === 'AVAILABILITY' && q.minSharedHours > 0) out.push('“minimum shared time”');
  return out;
}

/** The question's first rule, or null without one. */
export function ruleOf(q: DraftQuestion): string | null {
  return rulesOf(q)[0] ?? null;
}

const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * What the weight does for this question, in words: a weight scores; a rule (do not isolate,
 * would rather not) is its own setting that applies whatever the weight (issue 35).
 */
export function weightText(q: DraftQuestion): string {
  const rules = rulesOf(q);
  const its = rules.length > 1 ? `its rules ${listed(rules)}` : `its rule ${rules[0]}`;
  const apply = rules.length > 1 ? 'apply' : 'applies';
  if (q.weight === 0)
    return rules.length
      ? `Not scored; ${its} still ${apply}`
      : 'Not scored: asked, but no part of placement';
  return rules.length
    ? `Counts ${q.weight} in a team's score; ${its} ${apply} whatever the weight`
    : `Counts ${q.weight} in a team's score (0 = not scored)`;
}

/**
 * Issue 36: a choice question's rules as sentences that name each option ("No “Woman” alone in
 * a team"), as the proposal will list them.
 */
export function ruleSentences(q: DraftQuestion): string[] {
  if (q.type !== 'DEMOGRAPHIC' && q.type !== 'ROLE' && q.type !== 'SINGLE_CHOICE') return [];
  const name = (o: DraftOption, k: number) => `“${o.label.trim() || `Option ${k + 1}`}”`;
  const byId = (id: string) => {
    const k = q.options.findIndex((o) => o.id === id);
    return k < 0 ? null : name(q.options[k]!, k);
  };
  const out: string[] = [];
  if (q.type === 'DEMOGRAPHIC') {
    const min = q.togetherMin ?? 2;
    q.options.forEach((o, k) => {
      if (o.doNotIsolate)
        out.push(
          min === 2
            ? `No ${name(o, k)} alone in a team`
            : `${name(o, k)}: at least ${min} in a team, or none`,
        );
    });
    q.options.forEach((o, k) => {
      if (o.notAll) out.push(`No team entirely ${name(o, k)}`);
    });
    if (q.requireMixed) out.push('Every team has two or more different answers');
  }
  for (const [a, b] of q.incompatible ?? []) {
    const x = byId(a);
    const y = byId(b);
    if (x && y && a !== b) out.push(`${x} never in a team with ${y}`);
  }
  return out;
}

/** Issue 36: "I'd like" as a score or a rule, in the instructor's words. */
const LIKE_RULES: { value: SurveyLikeRule; label: string; description: string }[] = [
  {
    value: 'SCORE',
    label: 'A wish, scored by the weight',
    description: 'Placement tries to seat students with a classmate they asked for.',
  },
  {
    value: 'REQUIRED_MUTUAL',
    label: 'A rule for students who asked for each other',
    description:
      'Two students who named each other are always in the same team (where team sizes allow).',
  },
  {
    value: 'REQUIRED',
    label: 'A rule for every request',
    description:
      'Every student is in a team with each classmate they named (where team sizes allow); what cannot hold is named in the proposal.',
  },
];

const GOAL_HELP: Record<SurveyGoal, string> = {
  SIMILAR: 'Members alike.',
  DIVERSE: 'Members different.',
  BALANCED: `Each team's average level near the class's, so no team is all beginners (${SURVEY_BALANCE_SCALE} levels off scores 0).`,
};

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
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text fw={600} id={headingId}>
              Question {index + 1}
            </Text>
            {/* A long type name wraps inside its badge on a phone instead of being cut off. */}
            <Badge
              variant="light"
              color="gray"
              autoContrast
              h="auto"
              maw="100%"
              py={2}
              styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.35 } }}
            >
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
          // At most six lines, then it scrolls: after a change of width (a phone turned, the
          // window narrowed) the autosize measured this one-line help at about 1,200 px tall.
          maxRows={6}
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
            <Input.Wrapper
              label="Teammates should be"
              error={errors.goal}
              description={q.type === 'SKILLS' ? GOAL_HELP[q.goal] : undefined}
            >
              <div>
                <SegmentedControl
                  mt={4}
                  classNames={choiceClasses}
                  aria-label={`Goal of ${label}`}
                  data={[
                    { value: 'SIMILAR', label: 'Similar' },
                    { value: 'DIVERSE', label: 'Diverse' },
                    ...(q.type === 'SKILLS' ? [{ value: 'BALANCED', label: 'Balanced' }] : []),
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
        <Stack gap="sm">
          <OptionList
            questionLabel={label}
            options={q.options}
            errors={errors}
            onChange={(options) => onChange({ ...q, options })}
          />
          <PairList
            questionLabel={label}
            options={q.options}
            pairs={q.incompatible ?? []}
            errors={errors}
            onChange={(incompatible) => onChange({ ...q, incompatible })}
          />
          <RuleSentences question={q} label={label} />
        </Stack>
      );
    case 'DEMOGRAPHIC': {
      const min = q.togetherMin ?? SURVEY_TOGETHER_MIN;
      const mins = Array.from({ length: SURVEY_TOGETHER_MAX - SURVEY_TOGETHER_MIN + 1 }, (_, k) =>
        String(SURVEY_TOGETHER_MIN + k),
      );
      return (
        <Stack gap="sm">
          <Stack gap={4}>
            <OptionList
              questionLabel={label}
              options={q.options}
              errors={errors}
              withDoNotIsolate
              onChange={(options) => onChange({ ...q, options })}
            />
            <Text size="xs" c="dimmed">
              These are rules, not scores, kept whatever the question’s weight (even 0). “Do not
              isolate”: a team has none or at least {min} members with that answer. “Never a whole
              team”: no team of two or more is made only of that answer.
            </Text>
          </Stack>
          <Group gap="lg" align="flex-start" wrap="wrap">
            <Input.Wrapper
              label="“Do not isolate” means"
              description="None in a team, or at least this many"
              error={errors.togetherMin}
            >
              <div>
                <SegmentedControl
                  mt={4}
                  classNames={choiceClasses}
                  aria-label={`Fewest together for ${label}`}
                  data={mins.map((v) => ({ value: v, label: `At least ${v}` }))}
                  value={String(min)}
                  onChange={(v) => onChange({ ...q, togetherMin: Number(v) })}
                />
              </div>
            </Input.Wrapper>
            <Switch
              mt={{ base: 0, sm: 28 }}
              label="Every team mixed"
              description="Two or more different answers among those who answered"
              aria-label={`Every team mixed for ${label}`}
              checked={Boolean(q.requireMixed)}
              onChange={(e) => onChange({ ...q, requireMixed: e.currentTarget.checked })}
            />
          </Group>
          <PairList
            questionLabel={label}
            options={q.options}
            pairs={q.incompatible ?? []}
            errors={errors}
            onChange={(incompatible) => onChange({ ...q, incompatible })}
          />
          <RuleSentences question={q} label={label} />
        </Stack>
      );
    }
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
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Each student names up to 3 classmates they would like and 3 they would rather not work
            with. “Would rather not” is a rule, kept whatever the weight (even 0); the weight scores
            “would like”.
          </Text>
          <Radio.Group
            label="“Would like” is"
            value={q.likeRule ?? 'SCORE'}
            error={errors.likeRule}
            onChange={(v) => onChange({ ...q, likeRule: v as SurveyLikeRule })}
          >
            <Stack gap="xs" mt={4}>
              {LIKE_RULES.map((r) => (
                <Radio
                  key={r.value}
                  value={r.value}
                  label={r.label}
                  description={r.description}
                  aria-label={`${r.label} (${label})`}
                />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      );
  }
}

/** The question's rules in sentences that name each option (none: nothing shown). */
function RuleSentences({ question, label }: { question: DraftQuestion; label: string }) {
  const sentences = ruleSentences(question);
  if (sentences.length === 0) return null;
  return (
    <div role="group" aria-label={`Rules of ${label}`}>
      <Text size="sm" fw={500}>
        Rules kept whatever the weight
      </Text>
      <List size="sm" spacing={2}>
        {sentences.map((s) => (
          <List.Item key={s}>{s}</List.Item>
        ))}
      </List>
    </div>
  );
}
