import { Badge, type BadgeProps } from '@mantine/core';
import { COURSE_STAFF_ROLE_LABELS, type CourseStaffRole } from '@teamup/shared';

// Dark shades under white text: 4.5:1 in both color schemes.
const ROLE_COLOR: Record<CourseStaffRole, string> = {
  INSTRUCTOR: 'indigo.9',
  TEACHING_ASSISTANT: 'teal.9',
};

export function StaffRoleBadge({
  role,
  ...props
}: { role: CourseStaffRole } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge variant="filled" color={ROLE_COLOR[role]} tt="none" {...props}>
      {COURSE_STAFF_ROLE_LABELS[role]}
    </Badge>
  );
}

/** Appointed by email, not signed in yet: yellow with dark text (white on yellow is too pale). */
export function PendingStaffBadge(props: Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color="yellow.5" variant="filled" autoContrast tt="none" {...props}>
      Pending
    </Badge>
  );
}
