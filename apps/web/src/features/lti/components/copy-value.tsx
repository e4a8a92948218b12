import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type CopyIconProps = { value: string; label: string };

/** A copy button named after what it copies ("Copy Login URL"), saying when it has. */
export function CopyIcon({ value, label }: CopyIconProps) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
          <ActionIcon
            variant={copied ? 'filled' : 'default'}
            color={copied ? 'teal.9' : undefined}
            size="lg"
            onClick={copy}
            aria-label={copied ? `${label} copied` : `Copy ${label}`}
            style={{ flexShrink: 0 }}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

type CopyValueProps = {
  label: string;
  value: string;
  description?: ReactNode;
  /** What the copy button names when the label alone is ambiguous on the page. */
  copyLabel?: string;
};

/** One value to paste into the LMS: its name, the value (wrapped anywhere) and a copy button. */
export function CopyValue({ label, value, description, copyLabel }: CopyValueProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          fz="sm"
          py={6}
          style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', wordBreak: 'break-all' }}
        >
          {value}
        </Code>
        <CopyIcon value={value} label={copyLabel ?? label} />
      </Group>
    </Stack>
  );
}
