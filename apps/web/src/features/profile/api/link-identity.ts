import type { LinkIdentityBody, LoginResponse } from '@teamup/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';

/**
 * POST /profile/identities/link (issue 34): from an LMS-only account, the ID token of the
 * person's Teamup account. The answer is a sign-in's: the browser is that account from now on.
 */
export async function linkIdentity(body: LinkIdentityBody): Promise<LoginResponse> {
  const res = await apiClient.post<{ data: LoginResponse }>('/profile/identities/link', body, {
    // A refused Google credential is this call's failure to show, not the end of the session.
    carriesCredential: true,
  });
  return res.data.data;
}

export type Greeting = { title: string; message: string };

/** Stores a sign-in's answer as the session and greets; the auth feature lends it (the route). */
export type StartSession = (answer: LoginResponse, greeting: Greeting) => void;

/**
 * Links, then takes the answer as the browser's session, as a sign-in does: the page is the
 * Teamup account's from then on. A token the session cannot use fails the link like any error.
 */
export function useLinkIdentity(startSession: StartSession) {
  return useMutation<LoginResponse, ApiError | Error, LinkIdentityBody>({
    mutationFn: async (body) => {
      const answer = await linkIdentity(body);
      startSession(answer, {
        title: 'Account linked',
        message: `Linked. You are signed in as ${answer.user.fullname}.`,
      });
      return answer;
    },
  });
}
