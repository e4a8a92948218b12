import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function InlineLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} role="status" size="sm" />
    </Center>
  );
}

type ErrorAlertProps = { title: string; error: unknown; onRetry?: () => void };

export function ErrorAlert({ title, error, onRetry }: ErrorAlertProps) {
  const message = error instanceof Error ? error.message : 'An unexpected error occurred';
  return (
    <Alert
      color="red.9"
      // Outline keeps the title at full red.9: the light variant drops it below 4.5:1 contrast.
      variant="outline"
      title={title}
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
    >
      <Text size="sm" mb={onRetry ? 'sm' : 0}>
        {message}
      </Text>
      {onRetry && (
        <Button size="xs" variant="outline" color="red.9" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="md">
      {children}
    </Text>
  );
}
