/**
 * The device's IANA time zone as the browser reports it ("Europe/Paris"), or undefined where it
 * cannot tell. The daily digest goes out at 08:00 in the zone the server keeps (decision 133).
 */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
