// The one-time code of an LTI launch (issue 28, decision 138): the launch hands it to the
// browser in the redirect; the web app exchanges it at POST /auth/login/lti for the usual
// tokens, so every session rule stays the one of Google sign-in. Single use, at most 60 s;
// only its sha-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';

export const LTI_LOGIN_CODE_TTL_SECONDS = 60;

const hashOf = (code: string) => createHash('sha256').update(code).digest('base64url');

/** A fresh code for `userId`, landing on `target` (a path of the web app). */
export async function issueLoginCode(tx: DbOrTx, userId: string, target: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await tx.execute(sql`insert into lti_login_codes (code_hash, user_id, target, expires_at)
    values (${hashOf(code)}, ${userId}, ${target},
      now() + make_interval(secs => ${LTI_LOGIN_CODE_TTL_SECONDS}))`);
  return code;
}

/**
 * Uses the code up: its user and target, or null when it is unknown, used or expired. One
 * conditional UPDATE decides, so of two exchanges of one code at once only one succeeds.
 */
export async function redeemLoginCode(
  tx: DbOrTx,
  code: string,
): Promise<{ userId: string; target: string } | null> {
  const [row] = await queryRows<{ user_id: string; target: string }>(
    tx,
    sql`update lti_login_codes set used_at = now()
      where code_hash = ${hashOf(code)} and used_at is null and expires_at > now()
      returning user_id, target`,
  );
  return row ? { userId: row.user_id, target: row.target } : null;
}

/** True while the code can still be exchanged (the landing page that will spend it may be framed). */
export async function isLoginCodeUnspent(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`select 1 as ok from lti_login_codes
      where code_hash = ${hashOf(code)} and used_at is null and expires_at > now()`,
  );
  return rows.length > 0;
}
