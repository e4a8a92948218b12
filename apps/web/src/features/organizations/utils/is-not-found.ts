import { ApiError } from '@/lib/api-client';

/** A 404 will not go away on a retry: the page offers a way back instead. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
