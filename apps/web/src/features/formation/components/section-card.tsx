import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = {
  /** The heading's id: the section is named by its heading. */
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** One of the feature's sections on a page: a bordered region named by its level-2 heading. */
export function SectionCard({ id, title, description, children }: SectionCardProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
