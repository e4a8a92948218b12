import { count, desc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Paginated, PaginationQuery, Person, ProfileActivityEntry } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents, courses, organizations, teams, users } from '../../db/schema/index.js';

const actor = alias(users, 'actor');
const target = alias(users, 'target');

function person(
  id: string | null,
  fullname: string | null,
  email: string | null,
  avatar: string | null,
): Person | null {
  return id ? { id, fullname: fullname ?? '', email: email ?? '', avatar } : null;
}

/**
 * The user's activity: audit events they made or that were about them, newest first. Two
 * statements whatever the page size: the page (with the names of people, team, course and
 * organization joined in) and the total.
 */
export async function listProfileActivity(
  db: DbOrTx,
  userId: string,
  query: PaginationQuery,
): Promise<Paginated<ProfileActivityEntry>> {
  const mine = or(eq(auditEvents.actorId, userId), eq(auditEvents.targetUserId, userId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        action: auditEvents.action,
        data: auditEvents.data,
        createdAt: auditEvents.createdAt,
        actorId: actor.id,
        actorFullname: actor.fullname,
        actorEmail: actor.email,
        actorAvatar: actor.avatar,
        targetId: target.id,
        targetFullname: target.fullname,
        targetEmail: target.email,
        targetAvatar: target.avatar,
        teamId: teams.id,
        teamName: teams.name,
        courseId: courses.id,
        courseCode: courses.code,
        courseTitle: courses.title,
        organizationId: organizations.id,
        organizationName: organizations.name,
      })
      .from(auditEvents)
      .leftJoin(actor, eq(actor.id, auditEvents.actorId))
      .leftJoin(target, eq(target.id, auditEvents.targetUserId))
      .leftJoin(teams, eq(teams.id, auditEvents.teamId))
      .leftJoin(courses, eq(courses.id, auditEvents.courseId))
      .leftJoin(organizations, eq(organizations.id, auditEvents.organizationId))
      .where(mine)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(auditEvents).where(mine),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor: person(r.actorId, r.actorFullname, r.actorEmail, r.actorAvatar),
      target: person(r.targetId, r.targetFullname, r.targetEmail, r.targetAvatar),
      team: r.teamId ? { id: r.teamId, name: r.teamName ?? '' } : null,
      course: r.courseId
        ? { id: r.courseId, code: r.courseCode ?? '', title: r.courseTitle ?? '' }
        : null,
      organization: r.organizationId
        ? { id: r.organizationId, name: r.organizationName ?? '' }
        : null,
      data: r.data,
      createdAt: r.createdAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    total: counted?.total ?? 0,
  };
}
