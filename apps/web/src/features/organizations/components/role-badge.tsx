import { Badge, type BadgeProps } from '@mantine/core';
import type { Role } from '@teamup/shared';

const ROLE_LABEL: Record<Role, string> = {
  STUDENT: 'Student',
  ORG_ADMIN: 'Organization admin',
  SUPERADMIN: 'Superadmin',
};

const ROLE_COLOR: Record<Role, string> = {
  STUDENT: 'gray.8',
  ORG_ADMIN: 'blue.9',
  SUPERADMIN: 'grape.9',
};

export function roleLabel(role: Role): string {
  return ROLE_LABEL[role] ?? role;
}

export function RoleBadge({ role, ...props }: { role: Role } & BadgeProps) {
  return (
    <Badge variant="filled" color={ROLE_COLOR[role] ?? 'gray.8'} tt="none" {...props}>
      {roleLabel(role)}
    </Badge>
  );
}
