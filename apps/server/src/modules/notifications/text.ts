import type { Notification, NotificationKind } from '@teamup/shared';

export interface NotificationContext {
  actor: Notification['actor'];
  team: Notification['team'];
  course: Notification['course'];
  data: Record<string, unknown>;
}

/**
 * The sentence and the place to act for a notification (issue 14). Owned by the notifications
 * module: one sentence per kind, in words a student understands.
 */
export function describeNotification(
  kind: NotificationKind,
  ctx: NotificationContext,
): { text: string; link: string } {
  const team = ctx.team?.name ?? 'a team';
  const link = ctx.team
    ? `/teams/${ctx.team.id}`
    : ctx.course
      ? `/courses/${ctx.course.id}`
      : '/dashboard';
  return { text: `${kind} (${team})`, link };
}
