import { Stack, Text } from '@mantine/core';

/** One named value of a list of facts (a `dt` and its `dd`), wrapped anywhere. */
export function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
