import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { FormationApplyResult } from '@teamup/shared';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { countOf } from '@/lib/format';

/** What Apply placement did, stated in words. */
export function appliedText(result: FormationApplyResult): string {
  const created = result.createdTeams.map((t) => t.name);
  return [
    `${countOf(result.placed, 'student')} placed`,
    created.length > 0
      ? `${countOf(created.length, 'new team')} created: ${created.join(', ')}`
      : 'no new team created',
    ...(result.movedFromMerges > 0
      ? [`${countOf(result.movedFromMerges, 'student')} moved from merged teams`]
      : []),
  ].join('; ');
}

/**
 * The outcome of Apply placement. It takes the focus when it appears: the proposal and its Apply
 * button are gone, and a keyboard or screen reader user would otherwise land at the page's top.
 */
export function AppliedResult({ result }: { result: FormationApplyResult }) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={titleId}
      style={{ borderColor: 'var(--mantine-color-teal-7)' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="teal.9" radius="xl" size="md" aria-hidden>
          <IconCheck size={16} />
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Title order={3} fz="md" id={titleId}>
            Placement applied
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {appliedText(result)}. Everyone placed was notified; the teams are listed under Teams
            below.
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
