import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { API_BASE_URL } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import {
  openEventStream,
  type EventStream,
  type StreamMessage,
  type UnauthorizedOutcome,
} from '@/lib/event-stream';
import { getUnreadCount } from '../api/get-unread-count';
import { notificationKeys } from '../api/query-keys';
import { showNotificationToast } from '../components/notification-toast';
import {
  invalidateKeys,
  isUploadEndHandled,
  joinsReadsInFlight,
  keysForChanged,
  keysForNotification,
} from './invalidation';
import { parseChanged, parseNotification, parseUnread } from './parse-events';

export const EVENTS_PATH = '/events';

/** The tab's one stream (a second mount, as StrictMode does, replaces it). */
let active: EventStream | null = null;

export type LiveEventsOptions = {
  /** The auth feature's refresh (composed in by the route): true when a usable session remains. */
  refreshSession: () => Promise<boolean>;
};

export function handleStreamMessage(
  queryClient: QueryClient,
  message: StreamMessage,
  onNotification: (n: NonNullable<ReturnType<typeof parseNotification>>) => void,
) {
  if (message.event === 'notification') {
    const notification = parseNotification(message.data);
    if (!notification) return;
    const endHandled = isUploadEndHandled(notification);
    void invalidateKeys(queryClient, keysForNotification(notification, { endHandled }), {
      cancelRefetch: !joinsReadsInFlight(notification),
    });
    onNotification(notification);
  } else if (message.event === 'changed') {
    const changed = parseChanged(message.data);
    if (changed) void invalidateKeys(queryClient, keysForChanged(changed));
  } else if (message.event === 'unread') {
    const count = parseUnread(message.data);
    if (count) {
      queryClient.setQueryData(notificationKeys.unreadCount(), count);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    }
  }
}

/**
 * Holds the signed-in user's live stream while mounted: reconnects with the fresh token when it
 * changes, stops on sign-out, refreshes the screens each event concerns and toasts notifications.
 */
export function useLiveEvents({ refreshSession }: LiveEventsOptions) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const signedIn = useAuthStore((s) => s.isAuthenticated);

  useEffect(() => {
    if (!signedIn) return;
    const currentToken = () => {
      const state = useAuthStore.getState();
      return state.isAuthenticated ? (state.user?.token ?? null) : null;
    };

    const onUnauthorized = async (token: string): Promise<UnauthorizedOutcome> => {
      const before = currentToken();
      if (!before) return 'stop';
      if (before !== token) return 'retry';
      if (!(await refreshSession())) {
        // The refresh cleared the session and told the user (SPEC §4): the guards go to login.
        void router.invalidate();
        return 'stop';
      }
      const after = currentToken();
      if (after && after !== token) return 'retry';
      // The token is not due, yet the stream refused it (a revoked session): the API client's
      // 401 rule judges with one call, and signs out if the server refuses that too (SPEC §8).
      await getUnreadCount().catch(() => undefined);
      return currentToken() ? 'backoff' : 'stop';
    };

    active?.stop();
    const stream = openEventStream({
      url: `${API_BASE_URL.replace(/\/$/, '')}${EVENTS_PATH}`,
      getToken: currentToken,
      onUnauthorized,
      onOpen: (reconnected) => {
        // Reads in other tabs and rows committed out of order: the count and list catch up.
        if (reconnected) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      },
      onMessage: (message) =>
        handleStreamMessage(queryClient, message, (n) =>
          showNotificationToast(n, {
            navigate: (to) => void router.navigate({ to }),
            queryClient,
          }),
        ),
    });
    active = stream;

    const unsubscribe = useAuthStore.subscribe((state, prev) => {
      if (!state.isAuthenticated) stream.stop();
      else if (state.user?.token !== prev.user?.token) stream.restart();
    });
    // A stream the server replaced by newer ones (more tabs than allowed) comes back when its tab
    // is looked at again, and closes the oldest in turn.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && stream.idle) stream.restart();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribe();
      stream.stop();
      if (active === stream) active = null;
    };
  }, [signedIn, queryClient, router, refreshSession]);
}
