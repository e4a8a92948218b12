// The team notice board: members post and read; the author or the leader edits and deletes.
// Notices are not membership, so the formation deadline does not apply to them; a disbanded
// team's board and an archived course's boards are read-only.
import { desc, eq, sql } from 'drizzle-orm';
import type {
  CreateNoticeBody,
  Notice,
  Paginated,
  PaginationQuery,
  UpdateNoticeBody,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { teamNotices, users } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { assertLive, lockTeam, teamAudit } from './membership.js';
import { findTeam, visibleTeam } from './requests-service.js';
import {
  assertActiveStudent,
  emailShownSql,
  notMember,
  shownEmail,
  type Caller,
} from './team-viewer.js';

/** `callerId` decides whether the authors' emails show (emailShownSql). */
const selectNotices = (db: DbOrTx, callerId: string) =>
  db
    .select({
      id: teamNotices.id,
      teamId: teamNotices.teamId,
      authorId: users.id,
      authorFullname: users.fullname,
      authorEmail: users.email,
      authorEmailShown: emailShownSql(users.id, users.showEmail, callerId),
      authorAvatar: users.avatar,
      body: teamNotices.body,
      pinned: teamNotices.pinned,
      createdAt: teamNotices.createdAt,
      updatedAt: teamNotices.updatedAt,
    })
    .from(teamNotices)
    .leftJoin(users, eq(users.id, teamNotices.authorId));
type NoticeRow = Awaited<ReturnType<typeof selectNotices>>[number];

/** `isAdmin`: the caller administers the course's organization (then every email shows). */
function toNotice(row: NoticeRow, isAdmin: boolean): Notice {
  return {
    id: row.id,
    teamId: row.teamId,
    author: row.authorId
      ? {
          id: row.authorId,
          fullname: row.authorFullname!,
          email: shownEmail(row.authorEmail!, row.authorEmailShown, isAdmin),
          avatar: row.authorAvatar,
        }
      : null,
    body: row.body,
    pinned: row.pinned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Only members write on a board: they see the notice as a member does. */
async function noticeById(db: DbOrTx, id: string, caller: Caller): Promise<Notice> {
  const [row] = await selectNotices(db, caller.userId).where(eq(teamNotices.id, id)).limit(1);
  if (!row) throw notFound('Notice not found');
  return toNotice(row, false);
}

/** The board of a team for its members and the course's admins: pinned first, then newest. */
export async function listNotices(
  db: DbOrTx,
  caller: Caller,
  teamId: string,
  query: PaginationQuery,
): Promise<Paginated<Notice>> {
  const team = await findTeam(db, teamId);
  const facts = await visibleTeam(db, caller, team);
  if (!facts.isMember && !facts.isAdmin) throw notMember();
  const where = eq(teamNotices.teamId, teamId);
  const [rows, [total]] = await Promise.all([
    selectNotices(db, caller.userId)
      .where(where)
      .orderBy(desc(teamNotices.pinned), desc(teamNotices.createdAt), desc(teamNotices.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(teamNotices)
      .where(where),
  ]);
  return {
    items: rows.map((row) => toNotice(row, facts.isAdmin)),
    page: query.page,
    limit: query.limit,
    total: total?.count ?? 0,
  };
}

/**
 * Writes take the team's lock so that a post cannot land on a team being disbanded, or by a
 * member who is leaving at that moment.
 */
async function lockBoard(tx: DbOrTx, caller: Caller, teamId: string) {
  const team = await lockTeam(tx, teamId);
  const facts = await visibleTeam(tx, caller, team);
  assertLive(team);
  if (!facts.isMember) throw notMember();
  assertActiveStudent(facts);
  return { team, facts };
}

export async function postNotice(
  db: DbOrTx,
  caller: Caller,
  teamId: string,
  body: CreateNoticeBody,
): Promise<Notice> {
  return db.transaction(async (tx) => {
    const { team } = await lockBoard(tx, caller, teamId);
    const [created] = await tx
      .insert(teamNotices)
      .values({ teamId, authorId: caller.userId, body: body.body, pinned: body.pinned ?? false })
      .returning({ id: teamNotices.id, pinned: teamNotices.pinned });
    await recordAudit(
      tx,
      teamAudit(team, caller.userId, 'NOTICE_POSTED', null, {
        noticeId: created!.id,
        pinned: created!.pinned,
      }),
    );
    return noticeById(tx, created!.id, caller);
  });
}

/** The notice and the board it is on, locked; only its author or the team leader gets it. */
async function lockOwnNotice(tx: DbOrTx, caller: Caller, noticeId: string, what: string) {
  const [ref] = await tx
    .select({ teamId: teamNotices.teamId })
    .from(teamNotices)
    .where(eq(teamNotices.id, noticeId));
  if (!ref) throw notFound('Notice not found');
  const { team, facts } = await lockBoard(tx, caller, ref.teamId);
  const [notice] = await tx
    .select()
    .from(teamNotices)
    .where(eq(teamNotices.id, noticeId))
    .for('update');
  if (!notice) throw notFound('Notice not found');
  if (notice.authorId !== caller.userId && !facts.isLeader) {
    throw new AppError(
      403,
      'NOT_NOTICE_AUTHOR',
      `Only the member who posted this notice or the team leader can ${what} it`,
    );
  }
  return { team, notice };
}

export async function updateNotice(
  db: DbOrTx,
  caller: Caller,
  noticeId: string,
  body: UpdateNoticeBody,
): Promise<Notice> {
  return db.transaction(async (tx) => {
    const { team, notice } = await lockOwnNotice(tx, caller, noticeId, 'edit');
    const changed: string[] = [];
    if (body.body !== undefined && body.body !== notice.body) changed.push('body');
    if (body.pinned !== undefined && body.pinned !== notice.pinned) changed.push('pinned');
    // Saving what is already there changes nothing and writes no audit entry.
    if (changed.length === 0) return noticeById(tx, noticeId, caller);
    await tx
      .update(teamNotices)
      .set({ ...body, updatedAt: sql`now()` })
      .where(eq(teamNotices.id, noticeId));
    await recordAudit(
      tx,
      teamAudit(team, caller.userId, 'NOTICE_UPDATED', notice.authorId, {
        noticeId,
        changed,
        ...(changed.includes('pinned') ? { pinned: { from: notice.pinned, to: body.pinned } } : {}),
      }),
    );
    return noticeById(tx, noticeId, caller);
  });
}

export async function deleteNotice(
  db: DbOrTx,
  caller: Caller,
  noticeId: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const { team, notice } = await lockOwnNotice(tx, caller, noticeId, 'delete');
    await tx.delete(teamNotices).where(eq(teamNotices.id, noticeId));
    await recordAudit(
      tx,
      teamAudit(team, caller.userId, 'NOTICE_DELETED', notice.authorId, {
        noticeId,
        pinned: notice.pinned,
      }),
    );
    return { id: noticeId };
  });
}
