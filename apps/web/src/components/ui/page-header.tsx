import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = { title: string; description: ReactNode; actions?: ReactNode };

/** Every page has exactly one h1 and a one-line description under it. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
      {actions}
    </Stack>
  );
}
