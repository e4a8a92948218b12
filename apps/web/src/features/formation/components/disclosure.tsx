import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

type DisclosureProps = {
  label: string;
  children: ReactNode;
};

/**
 * A part most admins never need (reproducing a proposal), out of the way behind a button that
 * says whether it is open.
 */
export function Disclosure({ label, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        aria-expanded={open}
        aria-controls={id}
        leftSection={<Chevron open={open} />}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </Button>
      {open && <div id={id}>{children}</div>}
    </div>
  );
}

/** Points right when closed, down when open. */
export function Chevron({ open }: { open: boolean }) {
  return (
    <IconChevronDown
      size={16}
      aria-hidden
      style={{
        transform: open ? undefined : 'rotate(-90deg)',
        transition: 'transform 150ms ease',
        flexShrink: 0,
      }}
    />
  );
}
