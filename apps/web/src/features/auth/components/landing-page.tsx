import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconChecklist,
  IconFileSpreadsheet,
  IconUserSearch,
  IconUsersGroup,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { BetaBadge } from '@/components/ui/beta-badge';
import { useAuthStore } from '@/lib/auth-store';
import { getRoleHome } from '@/lib/roles';
import { useDocumentTitle } from '@/components/ui/document-title';

const FOR_STUDENTS = [
  {
    icon: IconUsersGroup,
    title: 'Form a team',
    text: 'Create a team for your course and invite classmates whose skills complement yours.',
  },
  {
    icon: IconUserPlus,
    title: 'Join one',
    text: 'Apply to open teams; the team leader accepts, and you can withdraw any time before.',
  },
  {
    icon: IconUserSearch,
    title: 'Find people',
    text: 'Browse the community to see who is still looking for a team and what they can do.',
  },
];

const FOR_INSTRUCTORS = [
  {
    icon: IconFileSpreadsheet,
    title: 'Enroll from a roster',
    text: 'Upload a CSV of your class; students are enrolled when they first sign in.',
  },
  {
    icon: IconChecklist,
    title: 'Set the rules',
    text: 'Team size limits and a formation deadline per course, enforced for everyone.',
  },
  {
    icon: IconBuildingCommunity,
    title: 'See who is left',
    text: 'Know which students have no team yet, and place them before the deadline.',
  },
];

type Feature = (typeof FOR_STUDENTS)[number];

function FeatureList({ heading, items }: { heading: string; items: Feature[] }) {
  return (
    <Stack gap="md">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {heading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {items.map(({ icon: Icon, title, text }) => (
          <Stack
            key={title}
            gap="xs"
            p="md"
            bg="var(--mantine-color-body)"
            style={{ borderRadius: 12, border: '1px solid var(--mantine-color-default-border)' }}
          >
            <ThemeIcon size="lg" radius="md" color="blue.9" aria-hidden>
              <Icon size={20} />
            </ThemeIcon>
            <Title order={3} fz="lg">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function LandingPage() {
  useDocumentTitle([]);
  const user = useAuthStore((s) => (s.isAuthenticated ? s.user : null));
  const primaryAction = user ? (
    <Button component={Link} to={getRoleHome(user.role)}>
      Go to dashboard
    </Button>
  ) : (
    <Button component={Link} to="/auth/login">
      Sign in
    </Button>
  );

  return (
    <PublicLayout actions={primaryAction}>
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <Stack gap={48}>
          <Stack gap="lg" maw={720}>
            <Group gap="xs">
              <BetaBadge />
              <Text size="sm" c="dimmed">
                Teamup is in beta: tell us what to improve.
              </Text>
            </Group>
            <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1}>
              Every student in a good team, before the deadline.
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed">
              Teamup helps university course students form and join project teams, and gives
              instructors a clear view of who still needs one.
            </Text>
            {!user && (
              <Group>
                <Button size="md" component={Link} to="/auth/login">
                  Get started
                </Button>
                <Button size="md" variant="default" component={Link} to="/auth/register">
                  How accounts work
                </Button>
              </Group>
            )}
          </Stack>
          <FeatureList heading="For students" items={FOR_STUDENTS} />
          <FeatureList heading="For instructors" items={FOR_INSTRUCTORS} />
        </Stack>
      </Container>
    </PublicLayout>
  );
}
