import { Badge, type BadgeProps } from '@mantine/core';
import type { EnrollmentStatus } from '@teamup/shared';

const STATUS: Record<EnrollmentStatus, { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'teal.9' },
  // Yellow with dark text (autoContrast): white on any orange is below 4.5:1.
  PENDING: { label: 'Pending', color: 'yellow.5' },
  INACTIVE: { label: 'Inactive', color: 'gray.7' },
};

export const STATUS_OPTIONS = (Object.keys(STATUS) as EnrollmentStatus[]).map((value) => ({
  value,
  label: STATUS[value].label,
}));

export function statusLabel(status: EnrollmentStatus): string {
  return STATUS[status].label;
}

export function EnrollmentStatusBadge({
  status,
  ...props
}: { status: EnrollmentStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color={STATUS[status].color} variant="filled" autoContrast {...props}>
      {STATUS[status].label}
    </Badge>
  );
}
