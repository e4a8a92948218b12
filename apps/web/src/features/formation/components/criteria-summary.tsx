import { Alert, Group, List, Progress, Stack, Text } from '@mantine/core';
import type { FormationCriteria, ProposedTeam } from '@teamup/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { countOf } from '@/lib/format';

/** A score in [0, 1] as a whole percentage. */
export const percent = (score: number) => `${Math.round(score * 100)}%`;

/**
 * Issue 27: what the survey made of the proposal: the class's lowest and mean team score (the
 * objective, then the tie-break), who answered, and the hard constraints that could not all hold.
 */
export function CriteriaSummary({
  criteria,
  teams,
}: {
  criteria: FormationCriteria;
  teams: ProposedTeam[];
}) {
  const nameOf = (key: string) => teams.find((t) => t.key === key)?.name ?? key;
  return (
    <Stack gap="xs" role="group" aria-label="Survey criteria">
      <Text size="sm">
        By the survey: lowest team score <strong>{percent(criteria.lowestScore)}</strong>, mean{' '}
        <strong>{percent(criteria.meanScore)}</strong>. {countOf(criteria.respondents, 'student')}{' '}
        answered;{' '}
        {criteria.nonRespondents === 0
          ? 'everyone did.'
          : `${countOf(criteria.nonRespondents, 'student')} did not (counted as neutral).`}
      </Text>
      {criteria.violations.length > 0 && (
        <Alert
          color="yellow.9"
          variant="outline"
          icon={<IconAlertTriangle aria-hidden />}
          title={`${countOf(criteria.violations.length, 'constraint')} could not be kept`}
          // Yellow text misses 4.5:1 on a light card; the border and the icon carry the color.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <List size="sm" spacing={2}>
            {criteria.violations.map((v, i) => (
              <List.Item key={`${v.teamKey}:${v.kind}:${i}`}>
                {nameOf(v.teamKey)}: {v.detail}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

/** Each weighted question's share of a team's score, as small labelled bars. */
export function TeamCriteria({
  team,
  criteria,
}: {
  team: ProposedTeam;
  criteria: FormationCriteria;
}) {
  if (team.criteria.length === 0) return null;
  const promptOf = (id: string) =>
    criteria.questions.find((q) => q.id === id)?.prompt ?? 'Question';
  return (
    <Stack gap={6} role="group" aria-label={`Scores of ${team.name} by question`}>
      <Text size="xs" c="dimmed" fw={600}>
        By question
      </Text>
      {team.criteria.map((c) => (
        <Stack key={c.questionId} gap={2}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {promptOf(c.questionId)}
            </Text>
            <Text size="xs" fw={600} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {percent(c.score)}
            </Text>
          </Group>
          <Progress
            value={c.score * 100}
            size="sm"
            color="teal.8"
            aria-label={`${promptOf(c.questionId)}: ${percent(c.score)}`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
