import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireRoleArea } from '@/features/auth/utils/route-guards';
import { admitsCourseStaff } from '@/features/staff/utils/course-staff-guard';
import { useAuthStore } from '@/lib/auth-store';
import { getRoleArea } from '@/lib/roles';

export const Route = createFileRoute('/_authenticated/admin')({
  // Organization admins; and, on the pages that say so in `staticData.courseStaff`, the staff
  // of the course (issue 28), whatever their global role. Decided before anything renders, so
  // nobody sees a page they are then sent away from.
  beforeLoad: async ({ context, matches }) => {
    if (getRoleArea(useAuthStore.getState().user?.role) === 'admin') return;
    if (await admitsCourseStaff(context.queryClient, matches)) return;
    requireRoleArea('admin');
  },
  component: Outlet,
});
