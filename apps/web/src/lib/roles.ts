import type { Role } from '@teamup/shared';

export type RoleHome = '/dashboard' | '/admin/dashboard' | '/s/dashboard';

/** The area a role belongs to; any role the web app does not know is treated as a student. */
export type RoleArea = 'student' | 'admin' | 'superadmin';

export function getRoleArea(role: Role | string | null | undefined): RoleArea {
  if (role === 'ORG_ADMIN') return 'admin';
  if (role === 'SUPERADMIN') return 'superadmin';
  return 'student';
}

export function getRoleHome(role: Role | string | null | undefined): RoleHome {
  const area = getRoleArea(role);
  if (area === 'admin') return '/admin/dashboard';
  if (area === 'superadmin') return '/s/dashboard';
  return '/dashboard';
}

/**
 * A `redirect` search value is followed only when it is a same-origin relative path, so a crafted
 * login link cannot send a freshly signed-in user to another site.
 */
export function getSafeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return null;
  // Back to the login page would only show the login page again.
  if (/^\/auth\/login(?:[/?#]|$)/.test(value)) return null;
  try {
    const url = new URL(value, 'http://teamup.invalid');
    if (url.origin !== 'http://teamup.invalid') return null;
  } catch {
    return null;
  }
  return value;
}
