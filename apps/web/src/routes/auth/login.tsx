import { createFileRoute } from '@tanstack/react-router';
import { defined } from '@/lib/search-params';
import { LoginPage } from '@/features/auth/components/login-page';
import { redirectIfSignedIn } from '@/features/auth/utils/route-guards';

type LoginSearch = { redirect?: string };

// Hand-checked, not zod: route search validation runs in the entry chunk (decision 095).
const validateLoginSearch = (search: Record<string, unknown>): LoginSearch =>
  defined({ redirect: typeof search.redirect === 'string' ? search.redirect : undefined });

export const Route = createFileRoute('/auth/login')({
  validateSearch: validateLoginSearch,
  beforeLoad: redirectIfSignedIn,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
