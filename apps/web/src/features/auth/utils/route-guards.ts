import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { useAuthStore } from '@/lib/auth-store';
import { getRoleArea, getRoleHome, type RoleArea } from '@/lib/roles';
import { ensureFreshSession } from './refresh-session';

/** beforeLoad of the authenticated layout: refresh first if needed, else send to the login page. */
export async function requireSession(location: ParsedLocation) {
  const user = await ensureFreshSession();
  if (!user) {
    throw redirect({ to: '/auth/login', search: { redirect: location.href } });
  }
  return { user };
}

/** beforeLoad of a role area: a user of another role goes to their own home. */
export function requireRoleArea(area: RoleArea) {
  const role = useAuthStore.getState().user?.role;
  if (getRoleArea(role) !== area) throw redirect({ to: getRoleHome(role) });
}

/** The login page is for signed-out users only. */
export function redirectIfSignedIn() {
  const { user, isAuthenticated } = useAuthStore.getState();
  if (user && isAuthenticated) throw redirect({ to: getRoleHome(user.role) });
}
