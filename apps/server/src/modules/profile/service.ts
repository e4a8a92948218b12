import { eq, sql } from 'drizzle-orm';
import type { Profile, ProfileUpdateBody } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    fullname: user.fullname,
    avatar: user.avatar,
    role: user.role,
    bio: user.bio,
    headline: user.headline,
    skills: user.skills,
    links: user.links,
    profileVisibility: user.profileVisibility,
    showEmail: user.showEmail,
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  };
}

export async function getProfile(db: DbOrTx, userId: string): Promise<Profile | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ? toProfile(user) : null;
}

/**
 * The body is already validated by the shared schema: unknown fields (so no role) and a skill
 * listed twice in any case are refused. Skills are kept as typed; a trigger derives the
 * lower-cased keys that search and matching compare (migration 0009).
 */
export async function updateProfile(
  db: DbOrTx,
  userId: string,
  changes: ProfileUpdateBody,
): Promise<Profile | null> {
  const [user] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return user ? toProfile(user) : null;
}
