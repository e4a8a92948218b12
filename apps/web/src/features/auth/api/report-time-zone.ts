import { apiClient } from '@/lib/api-client';
import { deviceTimeZone } from '@/lib/time-zone';

/**
 * PUT /profile/time-zone after a sign-in: the zone the daily digest follows, as this browser
 * reports it (decision 133). Fire and forget: sign-in does not wait for it, and a failure (an
 * older server, a zone the server does not know) changes nothing the user sees.
 */
export function reportTimeZone(): void {
  const timeZone = deviceTimeZone();
  if (!timeZone) return;
  apiClient.put('/profile/time-zone', { timeZone }).catch(() => undefined);
}
