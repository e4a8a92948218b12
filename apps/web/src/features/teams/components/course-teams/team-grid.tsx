import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** The course page's grid of team cards, a list named by its section. */
export function TeamGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, xl: 3 }}
      spacing="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {children}
    </SimpleGrid>
  );
}
