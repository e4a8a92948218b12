import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { PageLoader } from '@/components/ui/page-loader';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { requireSession } from '@/features/auth/utils/route-guards';
import { useAuthStore } from '@/lib/auth-store';
import { getRoleHome } from '@/lib/roles';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ location }) => requireSession(location),
  pendingComponent: PageLoader,
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const role = useAuthStore((s) => s.user?.role);
  // Between a logout and the redirect that follows it there is no user to show.
  if (!role) return <PageLoader />;
  return (
    <AppLayout role={role} homeTo={getRoleHome(role)} accountMenu={<AccountMenu />}>
      <Outlet />
    </AppLayout>
  );
}
