import { Group, List, Stack, Text } from '@mantine/core';
import type { FormationProposal } from '@teamup/shared';
import { IconInfoCircle } from '@tabler/icons-react';

const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Issue 36 (decision 154): what placing within sections and the size plan made of the proposal:
 * each section's figures, and the sentences the instructor should read (a section too small for
 * a team, a team whose members span sections, a plan the class cannot fill).
 */
export function ProposalNotes({ proposal }: { proposal: FormationProposal }) {
  const { sections, summary, options } = proposal;
  if (sections.length === 0 && summary.notes.length === 0 && options.sizePlan.length === 0) {
    return null;
  }
  return (
    <Stack gap={6} component="section" aria-label="Sections and team sizes">
      {sections.length > 0 && (
        <Text size="sm">
          Placed within {countOf(sections.length, 'section')}:{' '}
          {sections
            .map(
              (s) =>
                `${s.name === null ? 'No section' : /^sect/i.test(s.name) ? s.name : `Section ${s.name}`}: ${s.placed} of ${s.students} placed, ${countOf(s.newTeams, 'new team')}`,
            )
            .join('; ')}
        </Text>
      )}
      {options.sizePlan.length > 0 && (
        <Text size="sm">
          Team sizes asked for:{' '}
          {options.sizePlan.map((r) => `${countOf(r.count, 'team')} of ${r.size}`).join(', ')}
          {sections.length > 0 ? ' in each section' : ''}, the rest at the course’s sizes.
        </Text>
      )}
      {summary.notes.length > 0 && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0 }} />
          <List size="sm" spacing={2} aria-label="Notes on the proposal">
            {summary.notes.map((n) => (
              <List.Item key={n}>{n}</List.Item>
            ))}
          </List>
        </Group>
      )}
    </Stack>
  );
}
