import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { browser } from '@/lib/browser';
import { useDocumentTitle } from '../ui/document-title';

export function NotFound() {
  useDocumentTitle(['Page Not Found']);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={64} fw={800} c="blue.9" aria-hidden>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Group justify="center">
          <Button component={Link} to="/">
            Return to Home
          </Button>
          <Button variant="default" onClick={browser.back}>
            Go Back
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
