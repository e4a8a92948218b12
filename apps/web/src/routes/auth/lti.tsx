import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { defined } from '@/lib/search-params';
import { LtiLandingPage } from '@/features/auth/components/lti-landing-page';

type LtiSearch = { code?: string };

// Hand-checked, not zod: route search validation runs in the entry chunk (decision 095).
const validateLtiSearch = (search: Record<string, unknown>): LtiSearch =>
  defined({ code: typeof search.code === 'string' ? search.code : undefined });

// Where an LMS launch sends the browser (issue 28): public, outside the signed-in shell, and not
// sent away when a session exists, since the launch may be someone else's.
export const Route = createFileRoute('/auth/lti')({
  validateSearch: validateLtiSearch,
  component: LtiRoute,
});

function LtiRoute() {
  const router = useRouter();
  // Kept from the first render: the address loses the code as soon as the page has it.
  const [code] = useState(Route.useSearch().code);
  const clearCode = useCallback(() => router.history.replace('/auth/lti'), [router]);
  return <LtiLandingPage code={code} onCodeTaken={clearCode} />;
}
