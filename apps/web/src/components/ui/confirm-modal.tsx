import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSingleSubmit } from '@/lib/use-single-submit';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for destructive actions (the default), the primary colour otherwise. */
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes/no question before an action that changes or removes data. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  destructive = true,
  loading = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const once = useSingleSubmit(loading);
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's default header: a second banner landmark fails axe. */}
        <Modal.Header component="div">
          <Modal.Title fw={600}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack>
            {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={loading}>
                Cancel
              </Button>
              <Button
                color={destructive ? 'red.9' : undefined}
                loading={loading}
                onClick={once(onConfirm)}
              >
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
