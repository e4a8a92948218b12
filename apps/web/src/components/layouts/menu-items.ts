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
  IconPlugConnected,
  IconPresentationAnalytics,
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
  | '/admin/lms'
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

/**
 * Issue 35: a course's staff who are no organization admins reach the team formation dashboard
 * of the courses they teach (with what needs attention there) from the menu, not only from a
 * button on Courses I teach.
 */
const TEAM_FORMATION: MenuItem = {
  label: 'Team formation',
  to: '/admin/dashboard',
  icon: IconPresentationAnalytics,
  cardTitle: 'Team formation dashboard',
  description: 'Progress and what needs attention in the courses you teach.',
  exact: true,
};

/** SPEC §2's student entries, after the student's Dashboard. */
const STUDYING: MenuItem[] = [
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

const STUDENT_MENU: MenuItem[] = [dashboard('/dashboard'), ...STUDYING];

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
  // Issue 35: SPEC's four entries stay as they are; the LMS page (issue 28) follows them, so an
  // organization admin finds it without going through Organizations.
  {
    label: 'LMS connections',
    to: '/admin/lms',
    icon: IconPlugConnected,
    cardTitle: 'LMS connections',
    description: 'Connect your learning management system: launches and roster sync.',
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

/** A run of menu entries, under a heading when it has a label ("Teaching", "Studying"). */
export type MenuGroup = { label: string | null; items: MenuItem[] };

export type MenuOptions = {
  /** The user is an instructor or a teaching assistant of a course (issue 28). */
  teaching?: boolean;
  /**
   * The user is enrolled as a student in a course (issue 35). Only asked of someone who teaches:
   * a student who teaches nothing gets SPEC's student menu whatever this says. Left out or
   * undefined (not known yet), a teacher's student entries are not shown.
   */
  studying?: boolean;
};

/**
 * SPEC §2: the sidebar menu per role, after the role's Dashboard (issue 24); every role gets
 * Community, an unknown role the student menu. Issue 35: each role its own menu. Course staff
 * get a "Teaching" group (Courses I teach; and the team formation dashboard for those who are no
 * organization admins); a student-area user who teaches gets the student entries only when they
 * are enrolled as a student somewhere, grouped under "Studying". An organization admin gets the
 * LMS page after SPEC's entries.
 */
export function getMenuGroups(
  role: Role | string | null | undefined,
  { teaching = false, studying = false }: MenuOptions = {},
): MenuGroup[] {
  const area = getRoleArea(role);
  const community: MenuGroup = { label: null, items: [COMMUNITY] };
  if (area === 'student') {
    if (!teaching) return [{ label: null, items: [...STUDENT_MENU, COMMUNITY] }];
    return [
      { label: null, items: [dashboard('/dashboard')] },
      { label: 'Teaching', items: [TEACHING, TEAM_FORMATION] },
      ...(studying ? [{ label: 'Studying', items: STUDYING }] : []),
      community,
    ];
  }
  const own = area === 'admin' ? ORG_ADMIN_MENU : SUPERADMIN_MENU;
  if (!teaching) return [{ label: null, items: [...own, COMMUNITY] }];
  return [{ label: null, items: own }, { label: 'Teaching', items: [TEACHING] }, community];
}

/** Every entry of the menu, in order (the groups flattened). */
export function getMenuItems(
  role: Role | string | null | undefined,
  options: MenuOptions = {},
): MenuItem[] {
  return getMenuGroups(role, options).flatMap((g) => g.items);
}

/** The menu item for a path: the longest matching prefix wins, so /teams/my is not All Teams. */
export function findActiveMenuItem(items: MenuItem[], pathname: string): MenuItem | undefined {
  return items
    .filter((item) => pathname === item.to || (!item.exact && pathname.startsWith(`${item.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
