import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { BetaBadge } from './beta-badge';

type LogoProps = { to?: string; onNavigate?: () => void };

export function Logo({ to = '/', onNavigate }: LogoProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <UnstyledButton
        component={Link}
        to={to}
        onClick={onNavigate}
        aria-label="Teamup home"
        style={{ display: 'flex', alignItems: 'center', gap: 8, flexShrink: 0 }}
      >
        <IconUsersGroup size={28} stroke={1.8} color="var(--mantine-color-blue-8)" aria-hidden />
        <Text component="span" fw={800} fz="xl" c="blue.9" style={{ whiteSpace: 'nowrap' }}>
          Teamup
        </Text>
      </UnstyledButton>
      <BetaBadge />
    </Group>
  );
}
