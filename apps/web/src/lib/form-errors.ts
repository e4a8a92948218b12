import type { ZodType } from 'zod';
import type { ApiError } from './api-client';

/** Server and client issue paths ("body.links.0.url", "/links/0/url") as Mantine form paths. */
export function toFormPath(path: string): string {
  return path
    .replace(/^\/+/, '')
    .replace(/\//g, '.')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^body\./, '');
}

/** Runs a shared zod schema and returns the first message per field, as @mantine/form wants. */
export function zodFieldErrors(schema: ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

export type SplitApiError = {
  /** Messages for fields the form has, keyed by form path. */
  fieldErrors: Record<string, string>;
  /** What is left for a form-level alert, or null when every problem sits on a field. */
  formError: string | null;
};

/**
 * Splits a failed save into field errors (400 `details`, or a conflict code the caller maps to a
 * field) and a message for the whole form.
 */
export function splitApiError(
  error: ApiError,
  fields: readonly string[],
  conflictFields: Record<string, string> = {},
): SplitApiError {
  const known = new Set(fields);
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const d of error.details) {
    const path = toFormPath(d.path);
    if (known.has(path.split('.')[0] ?? '')) fieldErrors[path] ??= d.message;
    else other.push(d.message);
  }
  const conflictField = error.code ? conflictFields[error.code] : undefined;
  if (conflictField) fieldErrors[conflictField] ??= error.message;
  const nothingOnFields = Object.keys(fieldErrors).length === 0;
  const formError = other.length > 0 ? other.join(' ') : nothingOnFields ? error.message : null;
  return { fieldErrors, formError };
}
