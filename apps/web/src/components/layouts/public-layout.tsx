import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

type PublicLayoutProps = { actions?: ReactNode; children: ReactNode };

/** Landing, login and register: no sidebar, just the logo and a few actions. */
export function PublicLayout({ actions, children }: PublicLayoutProps) {
  return (
    <Box mih="100vh" bg="var(--teamup-color-page)">
      <SkipLink />
      <Box
        component="header"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg" h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo />
            {actions && <Group gap="xs">{actions}</Group>}
          </Group>
        </Container>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </Box>
    </Box>
  );
}
