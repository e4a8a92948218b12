import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireRoleArea } from '@/features/auth/utils/route-guards';

export const Route = createFileRoute('/_authenticated/_student')({
  beforeLoad: () => requireRoleArea('student'),
  component: Outlet,
});
