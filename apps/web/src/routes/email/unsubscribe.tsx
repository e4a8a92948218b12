import { createFileRoute } from '@tanstack/react-router';
import { defined, optionalString } from '@/lib/search-params';
import { UnsubscribePage } from '@/features/email/components/unsubscribe-page';

type UnsubscribeSearch = { token?: string };

// Hand-checked, not zod: route search validation runs in the entry chunk (decision 095). The
// token is the server's to judge; only its size is held here (unsubscribeQuerySchema's bound).
const validateUnsubscribeSearch = (search: Record<string, unknown>): UnsubscribeSearch =>
  defined({ token: optionalString(search.token, { max: 400, trim: true }) || undefined });

// Public, like the login page: an email's link opens it whether or not the reader is signed in.
export const Route = createFileRoute('/email/unsubscribe')({
  validateSearch: validateUnsubscribeSearch,
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}
