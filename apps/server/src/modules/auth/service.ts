import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AuthUser, DevUser, Role, Session } from '@teamup/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  refreshTokens,
  sessions,
  usedIdTokens,
  userActivityDays,
  users,
  type UserRow,
} from '../../db/schema/index.js';
import { DEMO_EMAILS } from '../../db/seed.js';
import { detachUnvouchedIdentities } from '../../lib/lti-identity.js';
import { deviceLabel } from './device-label.js';
import type { VerifiedIdentity } from './id-token.js';
import { hashRefreshToken, newRefreshToken } from './refresh-token.js';

export type RevokeReason = 'logout' | 'revoked_by_user' | 'refresh_token_reused';

export function toAuthUser(
  user: Pick<UserRow, 'id' | 'fullname' | 'email' | 'avatar' | 'role'>,
  expiresAt: Date,
): AuthUser {
  return {
    id: user.id,
    fullname: user.fullname,
    email: user.email,
    avatar: user.avatar,
    role: user.role,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Finds the user of a verified identity, by provider subject first and then by email (which
 * links the subject, e.g. for an admin appointed by email before their first sign-in), or
 * creates them. A role is never lowered here: SUPERADMIN_EMAILS can only raise it.
 */
export async function upsertUserFromIdentity(
  tx: DbOrTx,
  identity: VerifiedIdentity,
  superadminEmails: readonly string[],
): Promise<UserRow> {
  const raise = superadminEmails.includes(identity.email);
  const signedIn = (existing: UserRow) => ({
    googleSub: identity.sub,
    avatar: existing.avatar ?? identity.picture,
    role: raise ? ('SUPERADMIN' as const) : existing.role,
    lastSignInAt: sql`now()`,
    updatedAt: sql`now()`,
  });

  const [bySub] = await tx.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  const existing =
    bySub ?? (await tx.select().from(users).where(eq(users.email, identity.email)).limit(1))[0];
  if (existing && !bySub && existing.googleSub === null) {
    // Google's first word on an account an LMS may have made: only LMS identities whose
    // organization owns the address keep opening it (decision 141).
    await detachUnvouchedIdentities(tx, existing);
  }
  if (existing) {
    const [updated] = await tx
      .update(users)
      .set(signedIn(existing))
      .where(eq(users.id, existing.id))
      .returning();
    return updated!;
  }

  const [created] = await tx
    .insert(users)
    .values({
      email: identity.email,
      googleSub: identity.sub,
      fullname: identity.name ?? identity.email.split('@')[0]!,
      avatar: identity.picture,
      role: raise ? 'SUPERADMIN' : 'STUDENT',
      lastSignInAt: sql`now()`,
    })
    // Two first sign-ins of one person at once: the second links to the first's row.
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return created;
  const [raced] = await tx.select().from(users).where(eq(users.email, identity.email)).limit(1);
  const [updated] = await tx
    .update(users)
    .set(signedIn(raced!))
    .where(eq(users.id, raced!.id))
    .returning();
  return updated!;
}

/**
 * Marks an ID token as used (decision 082); false when it already signed someone in. One
 * INSERT … ON CONFLICT DO NOTHING: of two sign-ins with the same token at once, the second
 * waits on the first's key and finds it taken once that commits. Run it in the sign-in
 * transaction, so a sign-in that fails afterwards leaves the token unused.
 */
export async function claimIdToken(
  tx: DbOrTx,
  identity: Pick<VerifiedIdentity, 'replayKey' | 'expiresAt'>,
): Promise<boolean> {
  const claimed = await tx
    .insert(usedIdTokens)
    .values({ tokenHash: identity.replayKey, expiresAt: identity.expiresAt })
    .onConflictDoNothing({ target: usedIdTokens.tokenHash })
    .returning({ tokenHash: usedIdTokens.tokenHash });
  return claimed.length > 0;
}

/**
 * Kept past `exp` by this margin, in case the database's clock runs ahead of the one that
 * checked the token's expiry.
 */
export const USED_ID_TOKEN_GRACE_SECONDS = 5 * 60;
const PRUNE_BATCH = 100;

/**
 * Forgets up to 100 used ID tokens that expired (plus the grace) and so can no longer sign
 * anyone in; called after each sign-in, which keeps the table as small as the sign-ins of the
 * last token lifetime without a job of its own. Returns how many rows went.
 */
export async function pruneUsedIdTokens(db: DbOrTx): Promise<number> {
  const expired = db
    .select({ tokenHash: usedIdTokens.tokenHash })
    .from(usedIdTokens)
    .where(
      lt(
        usedIdTokens.expiresAt,
        sql`now() - make_interval(secs => ${USED_ID_TOKEN_GRACE_SECONDS})`,
      ),
    )
    .limit(PRUNE_BATCH)
    // Two sign-ins pruning at once take different rows instead of waiting on each other.
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(usedIdTokens)
    .where(inArray(usedIdTokens.tokenHash, expired))
    .returning({ tokenHash: usedIdTokens.tokenHash });
  return deleted.length;
}

export interface SessionMeta {
  userAgent: string | null;
  ip: string | null;
  ttlSeconds: number;
}

/** Opens a session with its first refresh token; returns the token in clear, once. */
export async function openSession(
  tx: DbOrTx,
  userId: string,
  meta: SessionMeta,
): Promise<{ sessionId: string; refreshToken: string }> {
  const [session] = await tx
    .insert(sessions)
    .values({
      userId,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ip: meta.ip,
      expiresAt: sql`now() + make_interval(secs => ${meta.ttlSeconds})`,
    })
    .returning({ id: sessions.id });
  const { token, hash } = newRefreshToken();
  await tx.insert(refreshTokens).values({ sessionId: session!.id, tokenHash: hash });
  // A sign-in on today's (UTC) row of the user's activity (System Analytics).
  await tx
    .insert(userActivityDays)
    .values({ day: sql`(now() at time zone 'UTC')::date`, userId, signIns: 1 })
    .onConflictDoUpdate({
      target: [userActivityDays.day, userActivityDays.userId],
      set: { signIns: sql`${userActivityDays.signIns} + 1` },
    });
  return { sessionId: session!.id, refreshToken: token };
}

export type RotateResult =
  | {
      kind: 'rotated';
      sessionId: string;
      refreshToken: string;
      user: Pick<UserRow, 'id' | 'fullname' | 'email' | 'avatar' | 'role'>;
    }
  | { kind: 'reused' }
  | { kind: 'invalid' };

/**
 * Exchanges a refresh token for the next one. The claim is a single conditional UPDATE, so
 * of two requests presenting the same token exactly one wins; the loser sees a used token,
 * which is what a stolen copy looks like, and the whole session is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  presented: string,
  ttlSeconds: number,
): Promise<RotateResult> {
  const hash = hashRefreshToken(presented);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });

    if (!claimed) {
      const [known] = await tx
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash))
        .limit(1);
      if (!known) return { kind: 'invalid' };
      await revokeSession(tx, known.sessionId, 'refresh_token_reused');
      return { kind: 'reused' };
    }

    const [row] = await tx
      .select({
        id: users.id,
        fullname: users.fullname,
        email: users.email,
        avatar: users.avatar,
        role: users.role,
        live: sql<boolean>`(${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, claimed.sessionId))
      .limit(1);
    if (!row || !row.live) return { kind: 'invalid' };

    const { token, hash: nextHash } = newRefreshToken();
    await tx.insert(refreshTokens).values({ sessionId: claimed.sessionId, tokenHash: nextHash });
    // Sliding expiry: a session lives REFRESH_TOKEN_TTL past its last refresh.
    await tx
      .update(sessions)
      .set({
        lastUsedAt: sql`now()`,
        expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
      })
      .where(eq(sessions.id, claimed.sessionId));
    const { live: _live, ...user } = row;
    return { kind: 'rotated', sessionId: claimed.sessionId, refreshToken: token, user };
  });
}

export async function revokeSession(
  db: DbOrTx,
  sessionId: string,
  reason: RevokeReason,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The session a refresh cookie belongs to, used or not (logout without an access token). */
export async function findSessionIdByRefreshToken(
  db: DbOrTx,
  presented: string,
): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)))
    .limit(1);
  return row?.sessionId ?? null;
}

/** Revokes one of the user's live sessions; false when there is no such session of theirs. */
export async function revokeOwnSession(
  db: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'revoked_by_user' })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

function toSession(row: typeof sessions.$inferSelect, currentSessionId: string): Session {
  return {
    id: row.id,
    userAgent: row.userAgent,
    device: deviceLabel(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

export async function getSession(db: DbOrTx, sessionId: string): Promise<Session | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row ? toSession(row, sessionId) : null;
}

export async function listLiveSessions(
  db: DbOrTx,
  userId: string,
  currentSessionId: string,
): Promise<Session[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((row) => toSession(row, currentSessionId));
}

const ROLE_ORDER: Role[] = ['SUPERADMIN', 'ORG_ADMIN', 'STUDENT'];

/**
 * The "Sign in as…" picker of the development identity provider: the named demo personas (the
 * generated roster students would bury them); any other email can be typed in.
 */
export async function listDevUsers(db: DbOrTx, limit = 100): Promise<DevUser[]> {
  const roleRank = sql`array_position(${sql.raw(`ARRAY[${ROLE_ORDER.map((r) => `'${r}'`).join(',')}]`)}::text[], ${users.role}::text)`;
  return db
    .select({ email: users.email, fullname: users.fullname, role: users.role })
    .from(users)
    .where(inArray(users.email, [...DEMO_EMAILS]))
    .orderBy(roleRank, asc(users.fullname), asc(users.email))
    .limit(limit);
}
