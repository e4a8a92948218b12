import type { ActivatedEnrollment } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';

/**
 * Turns the PENDING enrollments of a user's email into ACTIVE ones at sign-in (DESIGN §4).
 * Runs inside the sign-in transaction. Enrollments do not exist yet: nothing to activate.
 */
export async function activatePendingEnrollments(
  _tx: DbOrTx,
  _user: Pick<UserRow, 'id' | 'email'>,
): Promise<ActivatedEnrollment[]> {
  return [];
}
