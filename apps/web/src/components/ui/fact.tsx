import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

type FactProps = {
  label: string;
  children: ReactNode;
  /** Between the name and the value; the enrollment drawer's facts stand a little apart. */
  gap?: number;
};

/** One named value of a list of facts (a `dt` and its `dd` inside a `dl`), wrapped anywhere. */
export function Fact({ label, children, gap = 0 }: FactProps) {
  return (
    <Stack gap={gap} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
