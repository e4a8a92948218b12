import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type {
  StudentSurveyView,
  SurveyAnswer,
  SurveyAnswers,
  SurveyQuestion,
} from '@teamup/shared';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/query-state';
import type { ApiError } from '@/lib/api-client';
import { toFormPath } from '@/lib/form-errors';
import { useStudentSurvey } from '../api/get-student-survey';
import {
  rememberSavedResponse,
  saveSurveyResponse,
  useSaveSurveyResponse,
} from '../api/save-survey-response';
import { AnswerInput } from './answer-inputs';

dayjs.extend(localizedFormat);

/** Autosave waits this long after the last change, so a drag over the grid is one request. */
export const AUTOSAVE_DELAY_MS = 800;

export const PRIVACY_NOTE =
  "Only your course's instructors see your answers. Other students never do.";

const at = (iso: string) => <time dateTime={iso}>{dayjs(iso).format('lll')}</time>;

/** The 422's details by question id (`answers.<questionId>…`), and what fits no question. */
function byQuestion(error: ApiError): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const d of error.details) {
    const m = /^answers\.([^.]+)/.exec(toFormPath(d.path));
    if (m?.[1]) fields[m[1]] ??= d.message;
    else other.push(d.message);
  }
  return { fields, other };
}

const isAnswered = (a: SurveyAnswer | undefined) => {
  if (!a) return false;
  switch (a.type) {
    case 'AVAILABILITY':
      return a.hours.length > 0;
    case 'SKILLS':
      return Object.keys(a.levels).length > 0;
    case 'MULTIPLE_CHOICE':
      return a.options.length > 0;
    case 'PROJECT':
      return a.ranking.length > 0;
    case 'TEAMMATES':
      return a.like.length + a.avoid.length > 0;
    default:
      return true;
  }
};

/** What a required question left unanswered needs, in the words of its control (issue 35). */
export function missingText(q: SurveyQuestion): string {
  switch (q.type) {
    case 'AVAILABILITY':
      return 'mark at least one free hour';
    case 'SKILLS':
      return 'rate at least one skill';
    case 'MULTIPLE_CHOICE':
      return 'choose at least one option';
    case 'PROJECT':
      return 'rank the projects (or choose "Keep this order")';
    case 'TEAMMATES':
      return 'name at least one classmate';
    default:
      return 'choose an option';
  }
}

/** A problem as the summary names it: "Question 2, Preferred language: choose an option". */
export const problemText = (index: number, q: SurveyQuestion, message: string) =>
  `Question ${index + 1}, ${q.prompt}: ${message}`;

/** The first control of a question, where the focus goes when it is the first problem. */
function focusQuestion(questionId: string) {
  const block = document.querySelector<HTMLElement>(`[data-question="${questionId}"]`);
  // In this order: a chosen option, the grid's own tab stop, any field, any button.
  const selectors = [
    'input:not([disabled]):checked',
    '[tabindex="0"]:not([disabled])',
    'input:not([disabled]), textarea:not([disabled])',
    'button:not([disabled])',
  ];
  let target: HTMLElement | null = null;
  for (const selector of selectors) {
    target ??= block?.querySelector<HTMLElement>(selector) ?? null;
  }
  (target ?? block)?.focus();
}

type SaveState = 'idle' | 'waiting' | 'saving' | 'saved' | 'error';

function QuestionBlock({
  question: q,
  index,
  children,
  error,
}: {
  question: SurveyQuestion;
  index: number;
  children: (describedBy: string | undefined) => React.ReactNode;
  error: string | undefined;
}) {
  const helpId = q.help ? `survey-help-${q.id}` : undefined;
  const errorId = error ? `survey-error-${q.id}` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Box
      component="fieldset"
      m={0}
      p={0}
      style={{ border: 0, minWidth: 0 }}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      data-question={q.id}
    >
      <Text component="legend" fw={600} size="sm" p={0} mb={4}>
        {index + 1}. {q.prompt}
        {q.required && (
          <>
            <Text span c="red.8" aria-hidden>
              {' '}
              *
            </Text>
            <VisuallyHidden> (required)</VisuallyHidden>
          </>
        )}
      </Text>
      {q.help && (
        <Text size="xs" c="dimmed" id={helpId} mb={6}>
          {q.help}
        </Text>
      )}
      {children(describedBy)}
      {error && (
        <Group gap={4} wrap="nowrap" align="flex-start" mt={6} id={errorId}>
          <IconAlertTriangle
            size={14}
            aria-hidden
            color="var(--mantine-color-red-7)"
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="xs" fw={600}>
            {error.charAt(0).toUpperCase() + error.slice(1)}
          </Text>
        </Group>
      )}
    </Box>
  );
}

type SurveyFormProps = {
  courseId: string;
  view: StudentSurveyView & { survey: NonNullable<StudentSurveyView['survey']> };
  onClosed: () => void;
};

function SurveyForm({ courseId, view, onClosed }: SurveyFormProps) {
  const { survey, response } = view;
  const [answers, setAnswers] = useState<SurveyAnswers>(() => response?.answers ?? {});
  const [state, setState] = useState<SaveState>('idle');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The unanswered or refused questions of the last submit, in the survey's order (issue 35).
  const [problems, setProblems] = useState<{ id: string; text: string }[]>([]);
  // Set by a successful submit: the confirmation takes the focus, so it is in view and read.
  const [justSubmitted, setJustSubmitted] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const save = useSaveSurveyResponse(courseId);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(answers);
  const mounted = useRef(true);
  const submittedAt = response?.submittedAt ?? null;
  const closed = survey.state !== 'OPEN';
  // Once submitted, changes are saved as a submission: a draft save would withdraw it.
  const submitted = submittedAt !== null;

  /** Marks the questions, names them in the summary and moves the focus to the first one. */
  const showProblems = (fields: Record<string, string>) => {
    const list = survey.questions.flatMap((q, i) =>
      fields[q.id] ? [{ id: q.id, text: problemText(i, q, fields[q.id]!) }] : [],
    );
    setFieldErrors(fields);
    setProblems(list);
    const first = list[0];
    // After the render that shows the messages, so the control is described by its error.
    if (first) requestAnimationFrame(() => focusQuestion(first.id));
  };

  const failed = (error: ApiError, submit: boolean) => {
    if (error.code === 'SURVEY_CLOSED' || error.code === 'SURVEY_NOT_OPEN') onClosed();
    const { fields, other } = byQuestion(error);
    const message =
      other.length > 0 ? other.join(' ') : Object.keys(fields).length > 0 ? null : error.message;
    if (submit) {
      // A required answer the server misses reads as the form says it (not its generic words).
      const named = Object.fromEntries(
        Object.entries(fields).map(([id, m]) => {
          const q = survey.questions.find((x) => x.id === id);
          return [id, q && !(id in latest.current) ? missingText(q) : m];
        }),
      );
      showProblems(named);
      setSubmitError(message);
    } else {
      setFieldErrors(fields);
      setFormError(message ?? 'Some answers need changing: see the messages under them.');
    }
    setState('error');
  };

  const send = async (submit: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setState('saving');
    try {
      await save.mutateAsync({ answers: latest.current, submit });
      setState('saved');
      setFieldErrors({});
      setFormError(null);
      setSubmitError(null);
      setProblems([]);
      if (submit && !submitted) setJustSubmitted(true);
    } catch (error) {
      failed(error as ApiError, submit);
    }
  };

  /** Submit: the required questions left open are named at once, without a request. */
  const onSubmit = () => {
    const missing = Object.fromEntries(
      survey.questions
        .filter((q) => q.required && !isAnswered(latest.current[q.id]))
        .map((q) => [q.id, missingText(q)]),
    );
    if (Object.keys(missing).length > 0) {
      setSubmitError(null);
      showProblems(missing);
      return;
    }
    void send(true);
  };

  useEffect(() => {
    if (!justSubmitted || !confirmation.current) return;
    confirmation.current.focus();
    confirmation.current.scrollIntoView?.({ block: 'center' });
  }, [justSubmitted, submittedAt]);

  /**
   * Sends the save the debounce still holds back, at once: the student is leaving (the form
   * unmounts on a navigation in the app) or the page is hidden or being closed. `keepalive` lets
   * the request outlive the page, and it starts before this returns (no await in between), so a
   * page being torn down still sends it.
   */
  const flush = () => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    timer.current = null;
    const body = { answers: latest.current, submit: submitted };
    if (mounted.current) setState('saving');
    saveSurveyResponse(courseId, body, { keepalive: true }).then(
      (saved) => {
        rememberSavedResponse(queryClient, courseId, saved, body);
        if (!mounted.current) return;
        setState('saved');
        setFieldErrors({});
        setFormError(null);
      },
      (error: ApiError) => {
        if (mounted.current) failed(error, body.submit);
        else
          notifications.show({
            color: 'red',
            title: 'Your survey answers were not saved',
            message: error.message,
          });
      },
    );
  };
  // The listeners below outlive renders; they call the latest flush (its answers and state).
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });

  useEffect(() => {
    mounted.current = true;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushRef.current();
    };
    const onPageHide = () => flushRef.current();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      mounted.current = false;
      flushRef.current();
    };
  }, []);

  const change = (questionId: string, answer: SurveyAnswer | undefined) => {
    const next = { ...latest.current };
    if (answer && isAnswered(answer)) next[questionId] = answer;
    else delete next[questionId];
    latest.current = next;
    setAnswers(next);
    setFieldErrors(({ [questionId]: _dropped, ...rest }) => rest);
    setProblems((list) => list.filter((p) => p.id !== questionId));
    setState('waiting');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void send(submitted), AUTOSAVE_DELAY_MS);
  };

  const status =
    state === 'waiting' || state === 'saving'
      ? 'Saving…'
      : state === 'saved'
        ? 'Saved'
        : state === 'error' && formError
          ? 'Not saved'
          : '';

  return (
    <Stack gap="md">
      {closed ? (
        <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} role="note">
          {survey.state === 'CLOSED' && survey.closesAt ? (
            <>This survey closed on {at(survey.closesAt)}. Your answers can no longer change.</>
          ) : survey.opensAt ? (
            <>This survey opens on {at(survey.opensAt)}.</>
          ) : (
            'This survey is not open.'
          )}
        </Alert>
      ) : (
        <Text size="sm">
          {survey.closesAt && <>Open until {at(survey.closesAt)}. </>}
          {submitted
            ? 'You have submitted. Changes you make now save as you go and stay submitted.'
            : 'Your answers save as you go. Submit when you are done; after that, changes still save as you go and stay submitted.'}
        </Text>
      )}
      {view.team && (
        <Alert
          color="blue.9"
          variant="outline"
          role="note"
          title={`You are already in ${view.team.name}`}
        >
          You keep your team unless your instructors form teams again. Your answers help them choose
          who fills its open seats, and to place you if teams are formed again.
        </Alert>
      )}
      {survey.questions.map((q, i) => (
        <QuestionBlock key={q.id} question={q} index={i} error={fieldErrors[q.id]}>
          {(describedBy) => (
            <AnswerInput
              question={q}
              answer={answers[q.id]}
              onChange={(a) => change(q.id, a)}
              classmates={view.classmates}
              disabled={closed}
              describedBy={describedBy}
              closesAt={survey.closesAt}
            />
          )}
        </QuestionBlock>
      ))}
      {formError && (
        <Alert color="red.9" variant="outline" role="alert" title="Your answers were not saved">
          {formError}
        </Alert>
      )}
      {(submitError || problems.length > 0) && (
        <Alert color="red.9" variant="outline" role="alert" title="Not submitted">
          {submitError}
          {problems.length > 0 && (
            <>
              <Text size="sm">
                {problems.length === 1
                  ? 'One answer needs changing:'
                  : `${problems.length} answers need changing:`}
              </Text>
              <List size="sm" mt={4}>
                {problems.map((p) => (
                  <List.Item key={p.id}>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => focusQuestion(p.id)}
                    >
                      {p.text}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      {submittedAt && (
        <Group
          gap={6}
          wrap="nowrap"
          ref={confirmation}
          tabIndex={-1}
          data-testid="survey-submitted"
          style={{ outlineOffset: 4 }}
        >
          <IconCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />
          <Text size="sm" fw={600}>
            Submitted on {at(submittedAt)}
          </Text>
        </Group>
      )}
      {!closed && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {status}
          </Text>
          {!submitted && (
            <Button
              onClick={onSubmit}
              loading={state === 'saving' && save.variables?.submit === true}
            >
              Submit
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The student's team formation survey (issue 27) on their course page: answered in place, saved
 * as they go, submitted once; read-only after it closes. Nothing shows without a survey. Once
 * submitted (or closed) it opens as one line with the answers on demand: the whole form at the
 * top of the course page made it some 1,900 px taller for a student with nothing left to do.
 */
export function StudentSurveyCard({ courseId }: { courseId: string }) {
  const query = useStudentSurvey(courseId);
  // Decided when the survey first shows: submitting does not fold the form away under the
  // student's hands.
  const [expanded, setExpanded] = useState<boolean | null>(null);
  // Opened by the student: the focus goes to the card's heading, not to the page's top.
  const heading = useRef<HTMLHeadingElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (opened) heading.current?.focus();
  }, [opened]);
  if (query.isPending) return null;
  if (query.isError) {
    // A course without a survey for me (or my enrollment not active): nothing to show.
    if (query.error instanceof Error && 'status' in query.error && Number(query.error.status) < 500)
      return null;
    return (
      <ErrorAlert
        title="Could not load the team formation survey"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const view = query.data;
  if (!view.survey) return null;
  const { survey } = view;
  const submittedAt = view.response?.submittedAt ?? null;
  const formShown = expanded ?? (survey.state === 'OPEN' && submittedAt === null);
  if (expanded === null) setExpanded(formShown);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="survey-card-heading"
      id="survey"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="survey-card-heading" ref={heading} tabIndex={-1}>
            Team formation survey
          </Title>
          <Text size="sm" c="dimmed">
            Your answers help your instructors form teams that work. {PRIVACY_NOTE}
          </Text>
        </div>
        {formShown ? (
          <SurveyForm
            key={survey.version}
            courseId={courseId}
            view={{ ...view, survey }}
            onClosed={() => void query.refetch()}
          />
        ) : (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2}>
              {submittedAt && (
                <Group gap={6} wrap="nowrap">
                  <IconCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />
                  <Text size="sm" fw={600}>
                    Submitted on {at(submittedAt)}
                  </Text>
                </Group>
              )}
              <Text size="sm">
                {survey.state === 'OPEN' ? (
                  survey.closesAt ? (
                    <>You can change your answers until {at(survey.closesAt)}.</>
                  ) : (
                    'You can change your answers while the survey is open.'
                  )
                ) : survey.state === 'CLOSED' && survey.closesAt ? (
                  <>This survey closed on {at(survey.closesAt)}.</>
                ) : (
                  'This survey is not open.'
                )}
              </Text>
            </Stack>
            <Button
              variant="default"
              onClick={() => {
                setExpanded(true);
                setOpened(true);
              }}
            >
              {survey.state === 'OPEN' ? 'Change your answers' : 'See your answers'}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
