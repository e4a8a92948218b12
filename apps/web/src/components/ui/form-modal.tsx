import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

type FormModalProps = {
  opened: boolean;
  title: string;
  onClose: () => void;
  size?: string;
  children: ReactNode;
};

/** A dialog holding a form; the form is mounted only while open, so each opening starts fresh. */
export function FormModal({ opened, title, onClose, size = 'md', children }: FormModalProps) {
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
