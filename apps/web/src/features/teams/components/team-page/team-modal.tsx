import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

type TeamModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: string;
};

/** A dialog holding a form; its content mounts on open, so each opening starts fresh. */
export function TeamModal({ opened, onClose, title, children, size = 'md' }: TeamModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's default header: a second banner landmark fails axe. */}
        <Modal.Header component="div">
          <Modal.Title fw={600}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{opened && children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
