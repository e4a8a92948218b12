import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { AdminSurveyView, Survey, SurveyResponseRow } from '@teamup/shared';
import { IconBellRinging, IconClock, IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useState } from 'react';
import { FormModal } from '@/components/ui/form-modal';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import {
  ReminderMessageField,
  reminderBody,
  reminderMessageError,
} from '@/components/ui/reminder-message-field';
import { answerCounts, countOf } from '@/lib/format';
import { useDownloadSurveyCsv } from '../api/download-survey-csv';
import { useSurveyResponses } from '../api/get-survey-responses';
import { useRemindSurvey } from '../api/remind-survey';
import { describeAnswer, rateText } from '../utils/describe-answer';

dayjs.extend(localizedFormat);

export const RESULTS_PAGE_SIZE = 20;
type Tab = 'ANSWERED' | 'MISSING';

const at = (iso: string) => <time dateTime={iso}>{dayjs(iso).format('lll')}</time>;

function ResponseStatus({ row }: { row: SurveyResponseRow }) {
  const r = row.response;
  if (!r) return <Badge color="gray.7">Not started</Badge>;
  if (r.submittedAt)
    return (
      <Text size="sm" span>
        Submitted {at(r.submittedAt)}
      </Text>
    );
  return (
    <Text size="sm" span>
      Draft saved {at(r.updatedAt)}
    </Text>
  );
}

/** REMOVED_ANSWER: what an answer naming an option an edit removed reads as (issue 35). */
export const REMOVED_ANSWER = 'Answered a removed option';

/**
 * The answer in words; one that named an option, project, skill or hours the survey no longer
 * has says so (with what is left of it), rather than showing nothing.
 */
function answerText(
  q: Survey['questions'][number],
  row: SurveyResponseRow,
  names: ReadonlyMap<string, string>,
) {
  const answer = row.response?.answers[q.id];
  if (!row.removed.includes(q.id)) return describeAnswer(q, answer, names);
  return answer
    ? `${describeAnswer(q, answer, names)} (also ${REMOVED_ANSWER.toLowerCase()})`
    : REMOVED_ANSWER;
}

/** One student's answers, each under its question. */
function StudentAnswers({
  survey,
  row,
  names,
}: {
  survey: Survey;
  row: SurveyResponseRow;
  names: Map<string, string>;
}) {
  return (
    <Stack component="dl" gap={4} m={0}>
      {survey.questions.map((q) => (
        <div key={q.id}>
          <Text component="dt" size="xs" c="dimmed">
            {q.prompt}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {answerText(q, row, names)}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

type AnswersTableProps = {
  rows: SurveyResponseRow[];
  survey: Survey;
  caption: string;
  withAnswers: boolean;
};

/**
 * The answers: a table on a wide screen, one card per student on a phone (issue 35 item 4: a
 * table 640 px wide cut the answers off at 390 px, behind a sideways scroll).
 */
function AnswersTable(props: AnswersTableProps) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return narrow ? <AnswerCards {...props} /> : <AnswerRows {...props} />;
}

function AnswerCards({ rows, survey, caption, withAnswers }: AnswersTableProps) {
  const names = new Map(rows.map((r) => [r.student.id, r.student.fullname]));
  return (
    <Stack component="ul" aria-label={caption} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper component="li" key={row.student.id} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <div>
              <Text size="sm" fw={600}>
                {row.student.fullname}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.student.email}
              </Text>
            </div>
            <ResponseStatus row={row} />
            {withAnswers && <StudentAnswers survey={survey} row={row} names={names} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function AnswerRows({ rows, survey, caption, withAnswers }: AnswersTableProps) {
  // Classmates a student named are written by name when they are on this page too.
  const names = new Map(rows.map((r) => [r.student.id, r.student.fullname]));
  return (
    // Focusable, so a keyboard can scroll it sideways on a phone (axe: scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={withAnswers ? 640 : 360}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${caption} (scrolls sideways)`}
    >
      <Table verticalSpacing="xs" striped>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Student</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            {withAnswers && <Table.Th scope="col">Answers</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.student.id}>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Text size="sm" fw={600}>
                  {row.student.fullname}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.student.email}
                </Text>
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <ResponseStatus row={row} />
              </Table.Td>
              {withAnswers && (
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <StudentAnswers survey={survey} row={row} names={names} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ResponsesList({ courseId, survey, tab }: { courseId: string; survey: Survey; tab: Tab }) {
  const [page, setPage] = useState(1);
  const query = useSurveyResponses(courseId, { status: tab, page, limit: RESULTS_PAGE_SIZE });
  if (query.isPending) return <InlineLoader label="Loading the responses" />;
  if (query.isError)
    return (
      <ErrorAlert
        title="Could not load the responses"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const { items, total, limit } = query.data;
  return (
    <Stack gap={0}>
      {items.length === 0 ? (
        <EmptyState>
          {tab === 'ANSWERED' ? 'No answers yet.' : 'Every active student has submitted.'}
        </EmptyState>
      ) : (
        <AnswersTable
          rows={items}
          survey={survey}
          withAnswers={tab === 'ANSWERED'}
          caption={tab === 'ANSWERED' ? 'Answers' : 'Students who have not submitted'}
        />
      )}
      <ListPagination
        page={page}
        limit={limit}
        total={total}
        onChange={setPage}
        noun={tab === 'ANSWERED' ? 'responses' : 'students'}
      />
    </Stack>
  );
}

function RemindDialog({
  courseId,
  waiting,
  opened,
  onClose,
}: {
  courseId: string;
  waiting: number;
  opened: boolean;
  onClose: () => void;
}) {
  const remind = useRemindSurvey(courseId);
  const [message, setMessage] = useState('');
  const close = () => {
    remind.reset();
    setMessage('');
    onClose();
  };
  return (
    <FormModal
      opened={opened}
      onClose={close}
      size="lg"
      title="Remind students who have not submitted"
    >
      <Stack>
        <Text size="sm">
          {countOf(waiting, 'active student')} {waiting === 1 ? 'has' : 'have'} not submitted the
          survey. Each gets a notification in Teamup, and an email unless they turned that off.
        </Text>
        <ReminderMessageField value={message} onChange={setMessage} disabled={remind.isPending} />
        {remind.isError && (
          <Alert color="red.9" variant="outline" role="alert" title="Not sent">
            {remind.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={remind.isPending}>
            Cancel
          </Button>
          <Button
            leftSection={<IconBellRinging size={16} aria-hidden />}
            loading={remind.isPending}
            disabled={Boolean(reminderMessageError(message))}
            onClick={() =>
              remind.mutate(reminderBody(message), {
                onSuccess: ({ notified }) => {
                  notifications.show({
                    color: 'green',
                    title: 'Reminder sent',
                    message: `Reminder sent to ${countOf(notified, 'student')}.`,
                  });
                  close();
                },
              })
            }
          >
            Send reminder
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}

/**
 * Remind who has not submitted (once a day), with an optional message of one's own (issue 35).
 * Not offered while the survey is not open, within a day of the last reminder, or when everyone
 * has submitted: the button is disabled and says why.
 */
function RemindButton({ courseId, view }: { courseId: string; view: AdminSurveyView }) {
  const [opened, setOpened] = useState(false);
  const next =
    view.remindAvailableAt && Date.parse(view.remindAvailableAt) > Date.now()
      ? view.remindAvailableAt
      : null;
  const waiting = Math.max(0, view.activeStudents - view.submitted);
  const open = view.survey?.state === 'OPEN';
  const nobody = open && waiting === 0;
  const reasonId = `survey-remind-reason-${courseId}`;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconBellRinging size={16} aria-hidden />}
          disabled={Boolean(next) || !open || nobody}
          aria-describedby={reasonId}
          onClick={() => setOpened(true)}
        >
          Remind
        </Button>
        <Text size="sm" c="dimmed" id={reasonId}>
          {nobody
            ? 'Nobody to remind: every active student has submitted.'
            : 'Notifies every active student who has not submitted (once a day).'}
        </Text>
      </Group>
      {next && (
        <Alert color="gray" variant="light" role="note" icon={<IconClock aria-hidden />}>
          You can remind again at {at(next)}.
        </Alert>
      )}
      <RemindDialog
        courseId={courseId}
        waiting={waiting}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </Stack>
  );
}

/** What came back: the response rate, the answers (paged, CSV) and who has not answered. */
export function SurveyResults({
  courseId,
  view,
  survey,
}: {
  courseId: string;
  view: AdminSurveyView;
  survey: Survey;
}) {
  const [tab, setTab] = useState<Tab>('ANSWERED');
  const download = useDownloadSurveyCsv(courseId);
  const pct = view.activeStudents === 0 ? 0 : (view.submitted / view.activeStudents) * 100;
  return (
    <Stack gap="sm" component="section" aria-labelledby="survey-results-heading">
      <Title order={3} fz="md" id="survey-results-heading">
        Results
      </Title>
      <Stack gap={4}>
        <Text size="sm">
          Submitted: {rateText(view.submitted, view.activeStudents)} ·{' '}
          {answerCounts({
            submitted: view.submitted,
            drafts: view.drafts,
            notStarted: Math.max(0, view.activeStudents - view.submitted - view.drafts),
          })}
        </Text>
        <Progress value={pct} aria-label="Response rate" color="teal.8" />
      </Stack>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          Download CSV
        </Button>
      </Group>
      {download.isError && (
        <ErrorAlert title="The CSV could not be downloaded" error={download.error} />
      )}
      <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'ANSWERED')}>
        <Tabs.List>
          <Tabs.Tab value="ANSWERED">Answers</Tabs.Tab>
          <Tabs.Tab value="MISSING">Not answered</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ANSWERED" pt="sm">
          {tab === 'ANSWERED' && (
            <ResponsesList courseId={courseId} survey={survey} tab="ANSWERED" />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="MISSING" pt="sm">
          {tab === 'MISSING' && (
            <Stack gap="sm">
              <RemindButton courseId={courseId} view={view} />
              <ResponsesList courseId={courseId} survey={survey} tab="MISSING" />
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
