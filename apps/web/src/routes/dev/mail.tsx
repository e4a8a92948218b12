import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { defined, optionalString } from '@/lib/search-params';
import { DevMailboxPage } from '@/features/email/components/dev-mailbox-page';

type DevMailSearch = { to?: string };

// Hand-checked, not zod: route search validation runs in the entry chunk (decision 095).
const validateDevMailSearch = (search: Record<string, unknown>): DevMailSearch =>
  defined({ to: optionalString(search.to, { max: 320, trim: true }) || undefined });

// Public, like the development sign-in: the API behind it exists only where that sign-in is on.
export const Route = createFileRoute('/dev/mail')({
  validateSearch: validateDevMailSearch,
  component: DevMailRoute,
});

function DevMailRoute() {
  const { to } = Route.useSearch();
  const navigate = Route.useNavigate();
  const setTo = useCallback(
    (next: string | undefined) => void navigate({ search: defined({ to: next }), replace: true }),
    [navigate],
  );
  return <DevMailboxPage to={to} onToChange={setTo} />;
}
