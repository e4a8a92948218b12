/**
 * True when `error` is PostgreSQL's unique violation (23505), optionally of one constraint.
 * Drizzle wraps driver errors, and the two drivers shape them differently, so the code is
 * looked for on the error and down its `cause` chain.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      return constraint === undefined || name === undefined || name === constraint;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What the log says of a database connection's error: its message, SQLSTATE and severity. The
 * pool hangs the failed `pg` client on the error (`err.client`: connection parameters, the
 * backend's secret key, prepared statements), so the error itself is never logged (issue 24).
 */
export function dbErrorSummary(error: unknown): {
  message: string;
  code?: string;
  severity?: string;
} {
  const { message, code, severity } = (error ?? {}) as {
    message?: unknown;
    code?: unknown;
    severity?: unknown;
  };
  return {
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof severity === 'string' ? { severity } : {}),
  };
}
