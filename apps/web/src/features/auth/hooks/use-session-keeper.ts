import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AUTH_STORAGE_KEY, msUntilExpiry, useAuthStore } from '@/lib/auth-store';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { REFRESH_MARGIN_MS, needsRefresh, refreshSession } from '../utils/refresh-session';

const SIGNED_OUT_ELSEWHERE_ID = 'signed-out-elsewhere';

// setTimeout overflows above 2^31-1 ms and would fire at once.
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Keeps the access token fresh while the app is open: a timer about a minute before expiry, a
 * check when the window regains focus or visibility (timers sleep in background tabs), and the
 * sessions of other tabs followed through the storage event.
 */
export function useSessionKeeper() {
  const router = useRouter();
  const expiresAt = useAuthStore((s) => s.user?.expiresAt);

  useEffect(() => {
    const refreshIfDue = async () => {
      const user = useAuthStore.getState().user;
      if (!user || !needsRefresh(user)) return;
      if (!(await refreshSession())) await router.invalidate();
    };

    let timer: ReturnType<typeof setTimeout> | undefined;
    if (expiresAt) {
      const delay = msUntilExpiry({ expiresAt }) - REFRESH_MARGIN_MS;
      timer = setTimeout(() => void refreshIfDue(), Math.min(Math.max(delay, 0), MAX_TIMEOUT_MS));
    }

    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshIfDue();
    };
    const onFocus = () => void refreshIfDue();
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AUTH_STORAGE_KEY) return;
      const wasSignedIn = useAuthStore.getState().isAuthenticated;
      const followed =
        event.newValue === null
          ? Promise.resolve(useAuthStore.getState().clear())
          : Promise.resolve(useAuthStore.persist.rehydrate());
      void followed.then(() => {
        if (!wasSignedIn || useAuthStore.getState().isAuthenticated) return;
        // Signed out in another tab (issue 35): say so, and go to the login page, which brings
        // the person back here once they sign in again.
        notifications.show({
          id: SIGNED_OUT_ELSEWHERE_ID,
          color: 'blue',
          // The reader was in the other tab: the word waits until they come back and close it.
          autoClose: false,
          withCloseButton: true,
          ...NOTIFICATION_TEXTS.signedOutElsewhere,
        });
        const { pathname, href } = router.state.location;
        if (pathname === '/auth/login') return;
        void router.navigate({ to: '/auth/login', search: { redirect: href } });
      });
    };

    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, [expiresAt, router]);
}
