import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Survey, SurveyState } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useAdminSurvey } from '../api/get-admin-survey';
import { useSaveSurvey } from '../api/save-survey';
import { SurveyBuilder } from './survey-builder';
import { SurveyResults } from './survey-results';

dayjs.extend(localizedFormat);

const STATE_LABELS: Record<SurveyState, string> = {
  DRAFT: 'Draft',
  OPEN: 'Open',
  CLOSED: 'Closed',
};
const STATE_COLORS: Record<SurveyState, string> = {
  DRAFT: 'gray.7',
  OPEN: 'teal.9',
  CLOSED: 'red.9',
};

const at = (iso: string) => (
  <time dateTime={iso} title={dayjs(iso).format('LLLL')}>
    {dayjs(iso).format('lll')}
  </time>
);

function Dates({ survey }: { survey: Survey }) {
  if (!survey.opensAt || !survey.closesAt)
    return <Text size="sm">No dates yet: students do not see it.</Text>;
  return (
    <Text size="sm">
      {survey.state === 'DRAFT' ? 'Opens' : 'Opened'} {at(survey.opensAt)} ·{' '}
      {survey.state === 'CLOSED' ? 'Closed' : 'Closes'} {at(survey.closesAt)}
    </Text>
  );
}

/**
 * The admin's Survey section (issue 27, decision 135): the questions students answer before
 * formation, their dates, and what came back.
 */
export function SurveySection({ courseId }: { courseId: string }) {
  const query = useAdminSurvey(courseId);
  const save = useSaveSurvey(courseId);
  const survey = query.data?.survey ?? null;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="survey-heading"
      id="survey"
    >
      <Stack gap="md">
        <div>
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="lg" id="survey-heading">
              Survey
            </Title>
            {survey && (
              <Badge color={STATE_COLORS[survey.state]}>{STATE_LABELS[survey.state]}</Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Ask students about their availability, skills and wishes; formation then builds teams
            from the answers. Only the course’s instructors see the answers.
          </Text>
        </div>
        {query.isPending ? (
          <InlineLoader label="Loading the survey" />
        ) : query.isError ? (
          <ErrorAlert
            title="Could not load the survey"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <>
            {survey && <Dates survey={survey} />}
            <SurveyBuilder
              // A saved (or reloaded) version starts the editor afresh from what the server holds.
              key={survey?.version ?? 0}
              view={query.data}
              save={save}
              onReload={() => {
                save.reset();
                void query.refetch();
              }}
            />
            {survey && <SurveyResults courseId={courseId} view={query.data} survey={survey} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
