import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';

/** The token is passed in because the local session is already gone when this runs. */
export async function logout(token: string | null): Promise<void> {
  await apiClient.post('/auth/logout', null, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/** SPEC §4: clear the local session first, then tell the backend. */
export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    const token = useAuthStore.getState().user?.token ?? null;
    let backend: Promise<boolean> | undefined;
    const endOnServer = () =>
      (backend ??= logout(token).then(
        () => true,
        () => false,
      ));
    try {
      useAuthStore.getState().clear();
      queryClient.clear();
      void endOnServer();
      await router.navigate({ to: '/auth/login' });
      const ok = await endOnServer();
      notifications.show(
        ok
          ? { color: 'green', ...NOTIFICATION_TEXTS.loggedOut }
          : { color: 'orange', ...NOTIFICATION_TEXTS.logoutBackendFailed },
      );
    } catch {
      // Something failed here, not on the server (storage blocked by the browser, navigation):
      // still end the session on the server and leave the signed-in pages.
      void endOnServer();
      notifications.show({ color: 'red', ...NOTIFICATION_TEXTS.logoutFailed });
      await router.navigate({ to: '/auth/login' }).catch(() => undefined);
    }
  }, [queryClient, router]);
}
