import type { LoginResponse } from '@teamup/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '@/lib/auth-store';
import { ERROR_MESSAGES, enrollmentActivatedNotification } from '@/lib/notification-texts';
import { usePageNotices } from '@/lib/page-notices';
import { validateToken } from '@/lib/token';
import { reportTimeZone } from '../api/report-time-zone';

/** A sign-in's answer with the access token's expiry read from the token itself. */
export type SignedIn<T extends LoginResponse = LoginResponse> = T & { expiresAt: string };

/** Checks the token of a sign-in's answer (SPEC §5): an unusable one fails the sign-in. */
export function withTokenExpiry<T extends LoginResponse>(data: T): SignedIn<T> {
  const check = validateToken(data.token);
  if (!check.valid || !check.expiresAt) throw new Error(ERROR_MESSAGES.invalidToken);
  return { ...data, expiresAt: check.expiresAt };
}

const ACTIVATED_NOTIFICATION_ID = 'enrollments-activated';
const GREETING_NOTICE_ID = 'signed-in';

/**
 * What every sign-in (Google, development, an LMS launch) does with the server's answer: a cache
 * emptied of the previous user's data, the session stored under 'auth-storage', the device's
 * time zone reported, and the enrollments it activated announced. Both notices go at the top of
 * the page the sign-in opens, in its flow (issue 35), not over its first cards.
 */
export function startSession(
  queryClient: QueryClient,
  { user, token, expiresAt, activatedEnrollments }: SignedIn,
  { greeting }: { greeting?: { title: string; message: string } } = {},
): void {
  // Nothing cached for a previous user may leak into this session.
  queryClient.clear();
  useAuthStore.getState().setAuth(user, token, expiresAt);
  reportTimeZone();
  const notices = usePageNotices.getState();
  // What a previous session was told is not this one's.
  notices.clear();
  if (greeting) notices.show({ id: GREETING_NOTICE_ID, color: 'teal', ...greeting });
  if (activatedEnrollments.length > 0) {
    // News the student may have waited for: it stays until they close it.
    notices.show({
      id: ACTIVATED_NOTIFICATION_ID,
      color: 'blue',
      sticky: true,
      ...enrollmentActivatedNotification(activatedEnrollments),
    });
  }
}
