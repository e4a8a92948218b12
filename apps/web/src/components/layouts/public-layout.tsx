import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';

type PublicLayoutProps = { actions?: ReactNode; children: ReactNode };

/** Landing, login and register: no sidebar, just the logo and a few actions. */
export function PublicLayout({ actions, children }: PublicLayoutProps) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg" h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo />
            {actions && <Group gap="xs">{actions}</Group>}
          </Group>
        </Container>
      </Box>
      <Box component="main">{children}</Box>
    </Box>
  );
}
