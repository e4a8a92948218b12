import type { Role } from '@teamup/shared';
import {
  IconBooks,
  IconBuilding,
  IconChartBar,
  IconFileSpreadsheet,
  IconSchool,
  IconUsers,
  IconUsersGroup,
  IconWorld,
  IconBook2,
  IconLayoutDashboard,
  IconChalkboard,
  type Icon,
} from '@tabler/icons-react';
import { getRoleArea } from '@/lib/roles';

export type MenuPath =
  | '/dashboard'
  | '/admin/dashboard'
  | '/s/dashboard'
  | '/courses'
  | '/teams/my'
  | '/teams'
  | '/community'
  | '/admin/organizations'
  | '/admin/students'
  | '/admin/courses'
  | '/admin/csv'
  | '/s/health'
  | '/s/organizations'
  | '/teaching';

export type MenuItem = {
  label: string;
  to: MenuPath;
  icon: Icon;
  /**
   * The dashboard card for the same page. Its title differs from the menu label so a page holds
   * one link per accessible name (the sidebar's).
   */
  cardTitle: string;
  description: string;
  /**
   * Marked current on its own path only. A dashboard is the role's home: a page under it (none
   * today) is not the dashboard.
   */
  exact?: boolean;
};

/** Issue 24: each role's home comes first in its menu (the logo alone was not found). */
function dashboard(to: '/dashboard' | '/admin/dashboard' | '/s/dashboard'): MenuItem {
  return {
    label: 'Dashboard',
    to,
    icon: IconLayoutDashboard,
    cardTitle: 'Dashboard',
    description: 'What needs you now.',
    exact: true,
  };
}

const COMMUNITY: MenuItem = {
  label: 'Community',
  to: '/community',
  icon: IconWorld,
  cardTitle: 'Find teammates',
  description: 'Browse students and see who is looking for a team.',
};

/**
 * Issue 28: for a course's instructors and teaching assistants, whatever their global role (a
 * student who assists in one course, an admin who also teaches).
 */
const TEACHING: MenuItem = {
  label: 'Courses I teach',
  to: '/teaching',
  icon: IconChalkboard,
  cardTitle: 'Your teaching',
  description: 'The courses where you are an instructor or a teaching assistant.',
};

const STUDENT_MENU: MenuItem[] = [
  dashboard('/dashboard'),
  {
    label: 'My Enrollments',
    to: '/courses',
    icon: IconBooks,
    cardTitle: 'Your courses',
    description: 'The courses you are enrolled in.',
  },
  {
    label: 'My Teams',
    to: '/teams/my',
    icon: IconUsersGroup,
    cardTitle: 'Your teams',
    description: 'Teams you lead or belong to, and invitations waiting for you.',
  },
  {
    label: 'All Teams',
    to: '/teams',
    icon: IconUsers,
    cardTitle: 'Find a team',
    description: 'Open teams in your courses that you can apply to.',
  },
];

const ORG_ADMIN_MENU: MenuItem[] = [
  dashboard('/admin/dashboard'),
  {
    label: 'Organizations',
    to: '/admin/organizations',
    icon: IconBuilding,
    cardTitle: 'Your organizations',
    description: 'The organizations you administer.',
  },
  {
    label: 'Student Management',
    to: '/admin/students',
    icon: IconSchool,
    cardTitle: 'Students',
    description: 'Students, enrollments and their status.',
  },
  {
    label: 'Course Management',
    to: '/admin/courses',
    icon: IconBook2,
    cardTitle: 'Courses',
    description: 'Create and manage courses and team rules.',
  },
  {
    label: 'Enroll Students',
    to: '/admin/csv',
    icon: IconFileSpreadsheet,
    cardTitle: 'CSV enrollment',
    description: 'Upload a CSV roster to enroll a whole class.',
  },
];

const SUPERADMIN_MENU: MenuItem[] = [
  dashboard('/s/dashboard'),
  {
    label: 'System Analytics',
    to: '/s/health',
    icon: IconChartBar,
    cardTitle: 'System health',
    description: 'Database, latency, uptime and memory of the server.',
  },
  {
    label: 'Organizations',
    to: '/s/organizations',
    icon: IconBuilding,
    cardTitle: 'All organizations',
    description: 'Create organizations and appoint their admins.',
  },
];

/**
 * SPEC §2: the sidebar menu per role, after the role's Dashboard (issue 24); every role gets
 * Community, an unknown role the student menu. Course staff (`teaching`) get "Courses I teach"
 * before Community.
 */
export function getMenuItems(
  role: Role | string | null | undefined,
  { teaching = false }: { teaching?: boolean } = {},
): MenuItem[] {
  const area = getRoleArea(role);
  const items =
    area === 'admin' ? ORG_ADMIN_MENU : area === 'superadmin' ? SUPERADMIN_MENU : STUDENT_MENU;
  return [...items, ...(teaching ? [TEACHING] : []), COMMUNITY];
}

/** The menu item for a path: the longest matching prefix wins, so /teams/my is not All Teams. */
export function findActiveMenuItem(items: MenuItem[], pathname: string): MenuItem | undefined {
  return items
    .filter((item) => pathname === item.to || (!item.exact && pathname.startsWith(`${item.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
