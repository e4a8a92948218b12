const MB = 1024 * 1024;

export function formatMb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

export function formatMs(ms: number): string {
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** A span of seconds, its two largest units: "45 s", "5 min", "5 min 12 s", "3h 4m", "1d 1h 1m". */
export function formatSeconds(seconds: number): string {
  const s = Math.max(Math.floor(seconds), 0);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return d > 0 ? `${d}d ${h}h ${m}m` : `${h}h ${m}m`;
}

/** "Updated 4 s ago" from the time of the last answer. */
export function formatUpdated(updatedAt: number, now: number): string {
  const s = Math.floor((now - updatedAt) / 1000);
  if (s < 1) return 'Updated just now';
  if (s < 60) return `Updated ${s} s ago`;
  const m = Math.floor(s / 60);
  return `Updated ${m} min ago`;
}
