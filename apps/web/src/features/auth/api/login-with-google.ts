import { notifications } from '@mantine/notifications';
import type { DevIdTokenBody, LoginResponse } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { apiClient, LOGIN_PATH } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import {
  ERROR_MESSAGES,
  NOTIFICATION_TEXTS,
  enrollmentActivatedNotification,
} from '@/lib/notification-texts';
import { getRoleArea, getRoleHome, getSafeRedirect } from '@/lib/roles';
import { validateToken } from '@/lib/token';
import { createDevIdToken } from './create-dev-id-token';
import { reportTimeZone } from './report-time-zone';

export async function loginWithGoogle(credential: string): Promise<LoginResponse> {
  const res = await apiClient.post<{ data: LoginResponse }>(LOGIN_PATH, { credential });
  return res.data.data;
}

export type SignInInput = { credential: string } | DevIdTokenBody;

async function signIn(input: SignInInput) {
  const credential =
    'credential' in input ? input.credential : (await createDevIdToken(input)).credential;
  const data = await loginWithGoogle(credential);
  const check = validateToken(data.token);
  if (!check.valid || !check.expiresAt) throw new Error(ERROR_MESSAGES.invalidToken);
  return { ...data, expiresAt: check.expiresAt };
}

const ACTIVATED_NOTIFICATION_ID = 'enrollments-activated';

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
    onSuccess: async ({ user, token, expiresAt, activatedEnrollments }) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      useAuthStore.getState().setAuth(user, token, expiresAt);
      reportTimeZone();
      notifications.show({ color: 'green', ...NOTIFICATION_TEXTS.loginSuccess });
      const activated = activatedEnrollments.length > 0;
      if (activated) {
        // News the student may have waited for: it stays until they close it.
        notifications.show({
          id: ACTIVATED_NOTIFICATION_ID,
          color: 'blue',
          autoClose: false,
          withCloseButton: true,
          ...enrollmentActivatedNotification(activatedEnrollments),
        });
      }
      await router.navigate({
        href: getSafeRedirect(redirect) ?? landingPage(user.role, activated),
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
