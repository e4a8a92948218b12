import { notifications } from '@mantine/notifications';
import type { DevIdTokenBody, LoginResponse } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { apiClient, LOGIN_PATH } from '@/lib/api-client';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { getRoleArea, getRoleHome, getSafeRedirect } from '@/lib/roles';
import { startSession, withTokenExpiry } from '../utils/start-session';
import { createDevIdToken } from './create-dev-id-token';

export async function loginWithGoogle(credential: string): Promise<LoginResponse> {
  const res = await apiClient.post<{ data: LoginResponse }>(LOGIN_PATH, { credential });
  return res.data.data;
}

export type SignInInput = { credential: string } | DevIdTokenBody;

async function signIn(input: SignInInput) {
  const credential =
    'credential' in input ? input.credential : (await createDevIdToken(input)).credential;
  return withTokenExpiry(await loginWithGoogle(credential));
}

/**
 * Where a sign-in without a redirect target lands: a student whose enrollments it just activated
 * goes to My Enrollments, where the new courses are; everyone else to their role's home.
 */
function landingPage(role: string, activated: boolean): string {
  return activated && getRoleArea(role) === 'student' ? '/courses' : getRoleHome(role);
}

/** Google (or development) sign-in: stores the session, announces it and goes on. */
export function useSignIn({ redirect }: { redirect?: string } = {}) {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (signedIn, input) => {
      // The greeting names the sign-in actually used: Google's words (SPEC §8) only for Google.
      const greeting =
        'credential' in input
          ? NOTIFICATION_TEXTS.loginSuccess
          : NOTIFICATION_TEXTS.devLoginSuccess;
      startSession(queryClient, signedIn, { greeting });
      const activated = signedIn.activatedEnrollments.length > 0;
      await router.navigate({
        href: getSafeRedirect(redirect) ?? landingPage(signedIn.user.role, activated),
      });
    },
    onError: (error: Error) => {
      notifications.show({
        color: 'red',
        title: NOTIFICATION_TEXTS.loginFailed.title,
        message: error.message || NOTIFICATION_TEXTS.loginFailed.message,
      });
    },
  });
}
