// Loaded with the only screens that pick a date, not in the entry stylesheet (decision 091).
import '@mantine/dates/styles.css';
import { Alert, Button, Group, List, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  SURVEY_QUESTION_MAX,
  SURVEY_QUESTION_TYPES,
  SURVEY_QUESTION_TYPE_LABELS,
  type AdminSurveyView,
  type SurveyQuestionType,
} from '@teamup/shared';
import { IconAlertTriangle, IconCopy, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ApiError } from '@/lib/api-client';
import { toFormPath } from '@/lib/form-errors';
import type { useSaveSurvey } from '../api/save-survey';
import { editImpact } from '../utils/edit-impact';
import {
  ONCE_ONLY,
  fromDraft,
  genderQuestion,
  newQuestion,
  toDraft,
  type DraftQuestion,
} from '../utils/questions';
import { countOf } from '@/lib/format';
import { moved } from './option-list';
import { QuestionEditor } from './question-editor';

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const toPicker = (iso: string | null) => (iso ? dayjs(iso).format(PICKER_FORMAT) : null);
const toIso = (value: string | null) => {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d.toISOString() : null;
};

/** The server's issues: per question (by index, path under it), per field, and the rest. */
function sortErrors(error: ApiError | null) {
  const questions: Record<number, Record<string, string>> = {};
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const d of error?.details ?? []) {
    const path = toFormPath(d.path);
    const m = /^questions\.(\d+)(?:\.(.*))?$/.exec(path);
    if (m) {
      const i = Number(m[1]);
      questions[i] ??= {};
      questions[i][m[2] ?? ''] ??= d.message;
    } else if (path === 'opensAt' || path === 'closesAt') fields[path] ??= d.message;
    else other.push(path && path !== 'questions' ? `${path}: ${d.message}` : d.message);
  }
  return { questions, fields, other };
}

type SurveyBuilderProps = {
  view: AdminSurveyView;
  /** Held by the section: the builder is mounted afresh for each saved version. */
  save: ReturnType<typeof useSaveSurvey>;
  onReload: () => void;
};

/**
 * The survey's questions and dates, edited here and saved as a whole with the version they were
 * read at: when someone else saved meanwhile, the server refuses (409 SURVEY_CHANGED) and the
 * instructor reloads theirs.
 */
export function SurveyBuilder({ view, save, onReload }: SurveyBuilderProps) {
  const { survey } = view;
  const [questions, setQuestions] = useState<DraftQuestion[]>(() =>
    (survey?.questions ?? []).map(toDraft),
  );
  const [opensAt, setOpensAt] = useState(() => toPicker(survey?.opensAt ?? null));
  const [closesAt, setClosesAt] = useState(() => toPicker(survey?.closesAt ?? null));
  const [type, setType] = useState<SurveyQuestionType>('AVAILABILITY');
  const [copyFrom, setCopyFrom] = useState(view.copySources[0]?.courseId ?? '');
  const [dirty, setDirty] = useState(false);
  const changed = save.error?.code === 'SURVEY_CHANGED';
  const errors = sortErrors(
    save.error?.status === 422 || save.error?.status === 400 ? save.error : null,
  );
  const version = survey?.version ?? 0;

  const edit = (next: DraftQuestion[]) => {
    setQuestions(next);
    setDirty(true);
  };
  const taken = new Set(questions.map((q) => q.type));
  const canAdd = (t: SurveyQuestionType) => !(ONCE_ONLY.has(t) && taken.has(t));

  // What the edit does to answers already given: said before saving, confirmed (issue 35).
  const [impact, setImpact] = useState<string[] | null>(null);
  const answered = view.submitted + view.drafts;
  const send = () =>
    save.mutate(
      {
        version,
        questions: questions.map(fromDraft),
        opensAt: toIso(opensAt),
        closesAt: toIso(closesAt),
      },
      { onSettled: () => setImpact(null) },
    );
  const onSave = () => {
    const lines = survey
      ? editImpact(survey.questions, questions.map(fromDraft), view.answerCounts ?? {})
      : [];
    if (lines.length > 0) setImpact(lines);
    else send();
  };

  return (
    <Stack gap="md">
      <Stack gap="sm" component="section" aria-labelledby="survey-questions-heading">
        <Title order={3} fz="md" id="survey-questions-heading">
          Questions
        </Title>
        {questions.length === 0 && (
          <Text size="sm" c="dimmed">
            No questions yet. Add one below, or copy another course’s survey.
          </Text>
        )}
        {questions.map((q, i) => (
          <QuestionEditor
            key={q.id}
            question={q}
            index={i}
            count={questions.length}
            errors={errors.questions[i] ?? {}}
            onChange={(next) => edit(questions.map((x, j) => (j === i ? next : x)))}
            onMove={(by) => edit(moved(questions, i, by))}
            onRemove={() => edit(questions.filter((_, j) => j !== i))}
          />
        ))}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Question type"
            data={SURVEY_QUESTION_TYPES.map((t) => ({
              value: t,
              label: SURVEY_QUESTION_TYPE_LABELS[t],
              disabled: !canAdd(t),
            }))}
            value={type}
            onChange={(e) => setType(e.currentTarget.value as SurveyQuestionType)}
            style={{ flex: '1 1 14rem' }}
            maw={360}
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!canAdd(type) || questions.length >= SURVEY_QUESTION_MAX}
            onClick={() =>
              edit([...questions, newQuestion(type, { timeZone: view.defaultTimeZone })])
            }
          >
            Add question
          </Button>
          {/* Issue 36: the five options instructors know from gruepr and CATME, with the rules. */}
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={questions.length >= SURVEY_QUESTION_MAX}
            onClick={() => edit([...questions, genderQuestion()])}
          >
            Add a gender question
          </Button>
        </Group>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="survey-dates-heading">
        <Title order={3} fz="md" id="survey-dates-heading">
          Dates
        </Title>
        <Text size="sm" c="dimmed">
          Students answer between these moments (your local time). Leave both empty to keep the
          survey a draft.
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          {(
            [
              ['opensAt', 'Opens', opensAt, setOpensAt],
              ['closesAt', 'Closes', closesAt, setClosesAt],
            ] as const
          ).map(([field, label, value, set]) => (
            <DateTimePicker
              key={field}
              label={label}
              placeholder="Not set"
              // "Not set" says what the field holds (a draft survey): full text contrast.
              styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
              valueFormat="DD MMM YYYY HH:mm"
              clearable
              clearButtonProps={{ 'aria-label': `Clear the ${label.toLowerCase()} date` }}
              value={value}
              error={errors.fields[field]}
              onChange={(v) => {
                set(v);
                setDirty(true);
              }}
              dropdownType="modal"
              modalProps={{ title: `Survey ${label.toLowerCase()}`, size: 'auto' }}
              hideOutsideDates
              weekendDays={[]}
              previousLabel="Previous month"
              nextLabel="Next month"
              submitButtonProps={{ 'aria-label': 'Use this date and time' }}
              style={{ flex: '1 1 14rem' }}
              maw={300}
            />
          ))}
        </Group>
      </Stack>

      {changed ? (
        <Alert
          color="red.9"
          variant="outline"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title="Someone else saved this survey"
        >
          <Text size="sm" mb="sm">
            The survey changed since you opened it, so your changes were not saved. Reload to see
            the saved survey (your changes here are lost).
          </Text>
          <Button size="xs" variant="outline" color="red.9" onClick={onReload}>
            Reload the survey
          </Button>
        </Alert>
      ) : (
        save.isError && (
          <Alert color="red.9" variant="outline" role="alert" title="The survey was not saved">
            <Text size="sm">
              {errors.other.length === 0 &&
              (Object.keys(errors.questions).length > 0 || Object.keys(errors.fields).length > 0)
                ? 'Some fields need changing (marked above).'
                : save.error.message}
            </Text>
            {errors.other.length > 0 && (
              <List size="sm" mt="xs">
                {errors.other.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {save.isSuccess && !dirty ? 'Saved.' : dirty ? 'Unsaved changes.' : ''}
        </Text>
        <Button loading={save.isPending} disabled={changed} onClick={onSave}>
          Save survey
        </Button>
      </Group>
      <Modal
        opened={impact !== null}
        onClose={() => !save.isPending && setImpact(null)}
        title="Students have answered this survey"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close and keep editing' }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {countOf(answered, 'student has', 'students have')} answered (submitted or saved a
            draft). Saving these changes does this to their answers:
          </Text>
          <List size="sm" spacing={4} data-testid="survey-edit-impact">
            {(impact ?? []).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Students are not told; those who want to can change their answers while the survey is
            open.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setImpact(null)} disabled={save.isPending}>
              Keep editing
            </Button>
            <Button loading={save.isPending} onClick={send}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </Modal>

      {view.copySources.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="survey-copy-heading">
          <Title order={3} fz="md" id="survey-copy-heading">
            Copy from another course
          </Title>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label="Course"
              description="Replaces this survey’s questions; the dates stay."
              data={view.copySources.map((s) => ({
                value: s.courseId,
                label: `${s.code} · ${s.title} (${s.questionCount} question${s.questionCount === 1 ? '' : 's'})`,
              }))}
              value={copyFrom}
              onChange={(e) => setCopyFrom(e.currentTarget.value)}
              style={{ flex: '1 1 16rem' }}
              maw={420}
            />
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              disabled={!copyFrom || changed}
              loading={save.isPending}
              onClick={() => save.mutate({ version, copyFromCourseId: copyFrom })}
            >
              Copy questions
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
