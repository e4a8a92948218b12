const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** Parses `15m`, `30d`, `3600s`, `12h` into seconds; returns null for anything else. */
export function parseDurationSeconds(value: string): number | null {
  const match = /^(\d+)\s*([smhd])$/.exec(value.trim());
  if (!match) return null;
  const amount = Number(match[1]);
  const seconds = amount * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : null;
}
