import { Alert, List, Progress, Stack, Table, Text } from '@mantine/core';
import type { FormationCriteria, ProposedTeam } from '@teamup/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { answerCounts, countOf } from '@/lib/format';

/** A score in [0, 1] as a whole percentage. */
export const percent = (score: number) => `${Math.round(score * 100)}%`;

/** The scale every score of the proposal is on, said once (issue 35). */
export const SCALE_TEXT =
  "Scores run from 0% (the worst a question can be for a team) to 100% (fully met); a team's score is the mean of its questions' scores, by weight.";

type Rule = FormationCriteria['rules'][number];

const quoted = (options: string[]) => options.map((o) => `“${o}”`).join(', ');

/** What a rule keeps, in words that name its options (decisions 147, 152). */
function ruleWhat(rule: Rule): string {
  switch (rule.kind) {
    case 'AVOID':
      return '“would rather not” pairs are kept apart';
    case 'DO_NOT_ISOLATE':
      return (rule.min ?? 2) === 2
        ? `do not isolate ${quoted(rule.options)}`
        : `at least ${rule.min} or none of ${quoted(rule.options)} in a team`;
    case 'NOT_ALL_ONE':
      return `no team entirely ${quoted(rule.options)}`;
    case 'REQUIRE_MIXED':
      return 'every team has two or more different answers';
    case 'INCOMPATIBLE':
      return `never in one team: ${rule.options.join('; ')}`;
    case 'REQUIRED_TEAMMATES':
      return rule.mutual
        ? 'students who asked for each other share a team'
        : 'students share a team with each classmate they asked for';
    case 'MIN_SHARED_TIME':
      return sharedTimeText(rule);
  }
}

/** A rule in words, with what its weight does and does not do (decision 147). */
export function ruleText(rule: Rule): string {
  const weight =
    rule.weight === 0
      ? 'not scored; its rule still applies'
      : rule.kind === 'AVOID' || rule.kind === 'REQUIRED_TEAMMATES'
        ? `weight ${rule.weight} scores “would like”; the rule applies whatever the weight`
        : `weight ${rule.weight} scores the answers; the rule applies whatever the weight`;
  return `“${rule.prompt}”: ${ruleWhat(rule)} (${weight})`;
}

/** Issue 36: whether the proposal kept the rule, or how many times it could not. */
export function ruleStatus(rule: Rule): string | null {
  if (rule.broken === undefined) return null;
  return rule.broken === 0
    ? 'kept'
    : `not kept ${rule.broken === 1 ? 'once' : `${rule.broken} times`}`;
}

/** Issue 36: "every team shares at least 4 hours a week in 2-hour blocks (Europe/Paris)". */
function sharedTimeText(rule: Rule): string {
  const s = rule.schedule;
  if (!s) return 'every team shares the minimum time a week';
  const hours = `${s.minSharedHours} ${s.minSharedHours === 1 ? 'hour' : 'hours'}`;
  const blocks = s.meetingHours > 1 ? ` in ${s.meetingHours}-hour blocks` : '';
  return `every team shares at least ${hours} a week${blocks} (hours in ${s.timeZone})`;
}

const cell = { overflowWrap: 'anywhere' } as const;

/**
 * Issue 27, 35: what the survey made of the proposal: the scale, the class's lowest and mean team
 * score and each question's mean beside what a random placement of the same class gets, one count
 * of the answers, the rules kept whatever the weights, and the ones that could not all hold.
 */
export function CriteriaSummary({
  criteria,
  teams,
}: {
  criteria: FormationCriteria;
  teams: ProposedTeam[];
}) {
  const nameOf = (key: string) => teams.find((t) => t.key === key)?.name ?? key;
  const base = criteria.baseline;
  const baseOf = (id: string) => base.questions.find((q) => q.questionId === id)?.score ?? 0;
  const { answers } = criteria;
  return (
    <Stack gap="xs" role="group" aria-label="Survey criteria">
      <Text size="sm">
        By the survey: lowest team score <strong>{percent(criteria.lowestScore)}</strong>, mean{' '}
        <strong>{percent(criteria.meanScore)}</strong> (a random placement:{' '}
        {percent(base.lowestScore)} and {percent(base.meanScore)}).
      </Text>
      <Text size="xs" c="dimmed">
        {SCALE_TEXT}
      </Text>
      <Text size="sm">
        Answers: {answerCounts(answers)} (of {countOf(answers.activeStudents, 'active student')}).
        Placement uses the answers saved in drafts too; a student who has not started counts as
        neutral (50%).
      </Text>
      {/* Closed at first: the proposal's teams, and its Apply, stay within a screen or two of its
          top on a phone (issue 24, issue 35); the summary line above gives the two figures. */}
      <details>
        <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>
          Scores by question, beside a random placement
        </Text>
        <Stack gap="xs" mt="xs">
          <Table
            withTableBorder
            verticalSpacing={4}
            horizontalSpacing="xs"
            fz="sm"
            aria-label="Scores beside a random placement"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Score</Table.Th>
                {/* Short words that do not break on a phone; the note under the table says "random". */}
                <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Proposed
                </Table.Th>
                <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Random
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" fw={500}>
                  Lowest team
                </Table.Th>
                <Table.Td ta="right">{percent(criteria.lowestScore)}</Table.Td>
                <Table.Td ta="right">{percent(base.lowestScore)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" fw={500}>
                  Mean of the teams
                </Table.Th>
                <Table.Td ta="right">{percent(criteria.meanScore)}</Table.Td>
                <Table.Td ta="right">{percent(base.meanScore)}</Table.Td>
              </Table.Tr>
              {criteria.questions.map((q) => (
                <Table.Tr key={q.id}>
                  <Table.Th scope="row" fw={400} style={cell}>
                    {q.prompt}{' '}
                    <Text span size="xs" c="dimmed">
                      (weight {q.weight}, teams’ mean)
                    </Text>
                  </Table.Th>
                  <Table.Td ta="right">{percent(q.meanScore)}</Table.Td>
                  <Table.Td ta="right">{percent(baseOf(q.id))}</Table.Td>
                </Table.Tr>
              ))}
              {criteria.rules.length > 0 && (
                <Table.Tr>
                  <Table.Th scope="row" fw={400}>
                    Rules not kept
                  </Table.Th>
                  <Table.Td ta="right">{criteria.violations.length}</Table.Td>
                  <Table.Td ta="right">{base.violations.toFixed(1)}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            Random placement: the mean of {base.samples} random placements of the same students into
            the same seats.
          </Text>
          {criteria.rules.length > 0 && (
            <div>
              <Text size="sm">Rules, kept whatever the weights:</Text>
              <List size="sm" spacing={2} aria-label="Rules of the survey">
                {criteria.rules.map((r) => {
                  const status = ruleStatus(r);
                  return (
                    <List.Item key={`${r.questionId}:${r.kind}`}>
                      {ruleText(r)}
                      {status && (
                        <>
                          {': '}
                          <strong>{status}</strong>
                        </>
                      )}
                    </List.Item>
                  );
                })}
              </List>
            </div>
          )}
        </Stack>
      </details>
      {criteria.violations.length > 0 && (
        <Alert
          color="yellow.9"
          variant="outline"
          icon={<IconAlertTriangle aria-hidden />}
          title={`${countOf(criteria.violations.length, 'rule')} could not be kept`}
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

/** Each weighted question's part of a team's score: a labelled bar and what it measured. */
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
        By question (0% = the worst for a team, 100% = fully met)
      </Text>
      {team.criteria.map((c) => (
        <Stack key={c.questionId} gap={2}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {promptOf(c.questionId)}
            </Text>
            <Text size="xs" fw={600} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {percent(c.score)}
            </Text>
          </div>
          <Progress
            value={c.score * 100}
            size="sm"
            color="teal.8"
            aria-label={`${promptOf(c.questionId)}: ${percent(c.score)}`}
          />
          <Text size="xs" c="dimmed">
            {c.detail}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
