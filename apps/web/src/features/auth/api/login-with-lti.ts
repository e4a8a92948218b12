import type { LoginResponse } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { apiClient, LTI_LOGIN_PATH, type ApiError } from '@/lib/api-client';
import { getRoleHome, getSafeRedirect } from '@/lib/roles';
import { embedding } from '../utils/embedding';
import { startSession, withTokenExpiry, type SignedIn } from '../utils/start-session';

/** Google sign-in's answer plus the page the launch is for (issue 28, decision 138). */
export type LtiLoginResponse = LoginResponse & { target: string };

/**
 * POST /auth/login/lti: exchanges an LMS launch's one-time code (single use, 60 s) for the usual
 * session. Sent without the stored session's token: the code alone says who signs in. `framed`
 * says the app runs inside the LMS's page, so the session's refresh cookie must be the kind a
 * cross-site frame keeps (decision 139).
 */
export async function loginWithLti(code: string): Promise<SignedIn<LtiLoginResponse>> {
  const res = await apiClient.post<{ data: LtiLoginResponse }>(LTI_LOGIN_PATH, {
    code,
    framed: embedding.isFramed(),
  });
  return withTokenExpiry(res.data.data);
}

/**
 * The LMS sign-in: stores the session exactly as Google's does, then lands where the launch said
 * (the course page of a learner, the course's admin page of its staff) when that is a path of
 * this app, else on the role's home. The landing page replaces this one in the history, so Back
 * does not return to a used code. Failures are shown by the page, not as a notification.
 */
export function useLtiSignIn() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation<SignedIn<LtiLoginResponse>, ApiError | Error, string>({
    mutationFn: loginWithLti,
    onSuccess: async (signedIn) => {
      startSession(queryClient, signedIn);
      await router.navigate({
        href: getSafeRedirect(signedIn.target) ?? getRoleHome(signedIn.user.role),
        replace: true,
      });
    },
  });
}
