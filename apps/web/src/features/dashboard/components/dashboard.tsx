import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { getMenuItems } from '@/components/layouts/menu-items';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/lib/auth-store';
import type { RoleArea } from '@/lib/roles';

const INTRO: Record<RoleArea, string> = {
  student: 'Your courses, your teams and the people you could team up with.',
  admin: 'Run your organizations: courses, students and enrollment.',
  superadmin: 'Watch the system and manage the organizations on Teamup.',
};

export function Dashboard({ area }: { area: RoleArea }) {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  const items = getMenuItems(user.role);

  return (
    <>
      <PageHeader title={`Welcome, ${user.fullname}`} description={INTRO[area]} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map(({ to, cardTitle, description, icon: Icon }) => (
          <Card key={to} component={Link} to={to} withBorder radius="lg" padding="lg">
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
              <ThemeIcon size={44} radius="md" color="blue.9" aria-hidden>
                <Icon size={24} />
              </ThemeIcon>
              <IconArrowRight size={18} aria-hidden />
            </Group>
            <Title order={2} fz="lg" mb={4}>
              {cardTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
