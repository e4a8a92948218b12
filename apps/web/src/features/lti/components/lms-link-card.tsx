import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { ButtonLink } from '@/components/ui/router-link';

/** On an organization's page: the way to its LMS connection (issue 28). */
export function LmsLinkCard({ organizationId }: { organizationId: string }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="organization-lms-heading"
    >
      <Stack gap="sm" align="flex-start">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="organization-lms-heading">
            LMS (LTI 1.3)
          </Title>
          <Text size="sm" c="dimmed">
            Connect Moodle, Canvas or another LMS: instructors and students open Teamup from their
            course, signed in, and the roster comes from the LMS.
          </Text>
        </Stack>
        <ButtonLink
          to="/admin/lms"
          search={{ organizationId }}
          variant="default"
          size="sm"
          leftSection={<IconPlugConnected size={16} aria-hidden />}
        >
          Set up the LMS
        </ButtonLink>
      </Stack>
    </Paper>
  );
}
