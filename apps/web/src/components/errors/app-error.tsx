import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { browser } from '@/lib/browser';
import { useDocumentTitle } from '../ui/document-title';

type AppErrorProps = { error?: unknown };

export function AppError({ error }: AppErrorProps) {
  useDocumentTitle(['Something went wrong']);
  const detail = error instanceof Error && error.message ? error.message : null;
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Title order={1}>Something went wrong!</Title>
        <Text c="dimmed">
          {detail ?? 'An unexpected error occurred. Try again, or go back to the home page.'}
        </Text>
        <Group justify="center">
          <Button onClick={browser.reload}>Try Again</Button>
          <Button component={Link} to="/" variant="default">
            Go Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
