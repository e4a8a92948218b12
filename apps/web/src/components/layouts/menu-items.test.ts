import { findActiveMenuItem, getMenuItems } from './menu-items';

const labels = (role: string) => getMenuItems(role).map((i) => [i.label, i.to]);

describe('getMenuItems', () => {
  it('gives a student their dashboard, courses and teams, then Community', () => {
    expect(labels('STUDENT')).toEqual([
      ['Dashboard', '/dashboard'],
      ['My Enrollments', '/courses'],
      ['My Teams', '/teams/my'],
      ['All Teams', '/teams'],
      ['Community', '/community'],
    ]);
  });

  it('gives an organization admin their dashboard, the management pages, then Community', () => {
    expect(labels('ORG_ADMIN')).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Organizations', '/admin/organizations'],
      ['Student Management', '/admin/students'],
      ['Course Management', '/admin/courses'],
      ['Enroll Students', '/admin/csv'],
      ['Community', '/community'],
    ]);
  });

  it('gives a superadmin their dashboard, analytics and organizations, then Community', () => {
    expect(labels('SUPERADMIN')).toEqual([
      ['Dashboard', '/s/dashboard'],
      ['System Analytics', '/s/health'],
      ['Organizations', '/s/organizations'],
      ['Community', '/community'],
    ]);
  });

  it.each(['STUDENT', 'ORG_ADMIN', 'SUPERADMIN'])(
    'adds Courses I teach before Community for a %s who teaches',
    (role) => {
      const items = getMenuItems(role, { teaching: true }).map((i) => [i.label, i.to]);
      expect(items.slice(-2)).toEqual([
        ['Courses I teach', '/teaching'],
        ['Community', '/community'],
      ]);
      expect(items.slice(0, -2)).toEqual(labels(role).slice(0, -1));
    },
  );

  it.each(['TEACHER', '', null, undefined])(
    'falls back to the student menu for role %j',
    (role) => {
      expect(getMenuItems(role)).toEqual(getMenuItems('STUDENT'));
    },
  );
});

describe('findActiveMenuItem', () => {
  const items = getMenuItems('STUDENT');
  it.each([
    ['/teams/my', 'My Teams'],
    ['/teams', 'All Teams'],
    ['/teams/4f1c', 'All Teams'],
    ['/courses/abc', 'My Enrollments'],
    ['/community', 'Community'],
    ['/dashboard', 'Dashboard'],
  ])('marks %s as %s', (path, label) => {
    expect(findActiveMenuItem(items, path)?.label).toBe(label);
  });

  it('marks nothing on a page outside the menu', () => {
    expect(findActiveMenuItem(items, '/profile')).toBeUndefined();
    expect(findActiveMenuItem(items, '/teamsx')).toBeUndefined();
  });

  it.each([
    ['STUDENT', '/dashboard'],
    ['ORG_ADMIN', '/admin/dashboard'],
    ['SUPERADMIN', '/s/dashboard'],
  ])('marks the %s dashboard on its own path only', (role, path) => {
    const menu = getMenuItems(role);
    expect(findActiveMenuItem(menu, path)?.label).toBe('Dashboard');
    expect(findActiveMenuItem(menu, `${path}/anything`)).toBeUndefined();
  });
});
