import { findActiveMenuItem, getMenuGroups, getMenuItems } from './menu-items';

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
      ['LMS connections', '/admin/lms'],
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

  it.each(['ORG_ADMIN', 'SUPERADMIN'])(
    'adds a Teaching group with Courses I teach before Community for a %s who teaches',
    (role) => {
      const groups = getMenuGroups(role, { teaching: true, studying: true });
      expect(groups.map((g) => g.label)).toEqual([null, 'Teaching', null]);
      expect(groups[1]!.items.map((i) => [i.label, i.to])).toEqual([
        ['Courses I teach', '/teaching'],
      ]);
      const items = getMenuItems(role, { teaching: true }).map((i) => [i.label, i.to]);
      expect(items.slice(0, -2)).toEqual(labels(role).slice(0, -1));
      expect(items.at(-1)).toEqual(['Community', '/community']);
    },
  );

  // Issue 35: a TA or instructor who studies nothing does not get My Enrollments, My Teams and
  // All Teams; one who is a student elsewhere gets them too, each group under its heading.
  it('gives a course staff member who studies nothing the Teaching group, no student entries', () => {
    const groups = getMenuGroups('STUDENT', { teaching: true, studying: false });
    expect(groups.map((g) => [g.label, g.items.map((i) => i.label)])).toEqual([
      [null, ['Dashboard']],
      ['Teaching', ['Courses I teach', 'Team formation']],
      [null, ['Community']],
    ]);
    expect(getMenuItems('STUDENT', { teaching: true }).map((i) => i.to)).toEqual([
      '/dashboard',
      '/teaching',
      '/admin/dashboard',
      '/community',
    ]);
  });

  it('groups Teaching and Studying for someone who is staff in one course and a student in another', () => {
    const groups = getMenuGroups('STUDENT', { teaching: true, studying: true });
    expect(groups.map((g) => [g.label, g.items.map((i) => [i.label, i.to])])).toEqual([
      [null, [['Dashboard', '/dashboard']]],
      [
        'Teaching',
        [
          ['Courses I teach', '/teaching'],
          ['Team formation', '/admin/dashboard'],
        ],
      ],
      [
        'Studying',
        [
          ['My Enrollments', '/courses'],
          ['My Teams', '/teams/my'],
          ['All Teams', '/teams'],
        ],
      ],
      [null, [['Community', '/community']]],
    ]);
  });

  it('keeps SPEC’s student menu, ungrouped, for a student who teaches nothing', () => {
    expect(getMenuGroups('STUDENT', { studying: true })).toEqual([
      { label: null, items: getMenuItems('STUDENT') },
    ]);
  });

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
