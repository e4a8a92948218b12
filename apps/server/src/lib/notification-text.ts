import { csvCountsSummary, type Notification, type NotificationKind } from '@teamup/shared';

export interface NotificationContext {
  actor: Notification['actor'];
  team: Notification['team'];
  course: Notification['course'];
  data: Record<string, unknown>;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value) || 0);

// The sentence is the same for the bell and the email and is built without the reader's time
// zone, so a date in it names its zone: "Fri 4 Dec, 17:00 UTC".
const utcMoment = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const when = (value: unknown): string | null => {
  const text = str(value);
  if (!text || Number.isNaN(Date.parse(text))) return null;
  return `${utcMoment.format(new Date(text))} UTC`;
};

/**
 * The sentence and the place to act for a notification (issue 14, decision 112): one sentence
 * per kind, in words a student understands, and the web app's path where they act on it. Pure:
 * the names come from the joined actor, team and course (current names), `data` holds what the
 * sentence needs beyond them.
 */
export function describeNotification(
  kind: NotificationKind,
  ctx: NotificationContext,
): { text: string; link: string } {
  const who = ctx.actor?.fullname ?? 'Someone';
  const team = ctx.team?.name ?? 'your team';
  const aTeam = ctx.team?.name ?? 'a team';
  const code = ctx.course?.code ?? null;
  const inCourse = code ? ` (${code})` : '';
  const teamLink = ctx.team ? `/teams/${ctx.team.id}` : null;
  const courseLink = ctx.course ? `/courses/${ctx.course.id}` : null;
  const reason = str(ctx.data.reason);
  const withReason = (sentence: string) =>
    reason ? `${sentence.slice(0, -1)}: “${reason}”.` : sentence;

  switch (kind) {
    case 'JOIN_REQUEST_RECEIVED':
      return {
        // Issue 15: a request to a full team went on its waitlist (data.waitlisted).
        text:
          ctx.data.waitlisted === true
            ? `${who} joined the waitlist of ${team}${inCourse}.`
            : `${who} asked to join ${team}${inCourse}.`,
        link: teamLink ?? '/teams/my',
      };
    case 'JOIN_REQUEST_ACCEPTED':
      return {
        text: `Your request to join ${aTeam} was accepted.`,
        link: teamLink ?? '/teams/my',
      };
    case 'JOIN_REQUEST_REJECTED':
      return {
        text: withReason(`Your request to join ${aTeam} was declined.`),
        link: courseLink ?? '/teams/my',
      };
    case 'JOIN_REQUEST_WITHDRAWN':
      return {
        text: `${who} withdrew their request to join ${team}.`,
        link: teamLink ?? '/teams/my',
      };
    case 'INVITATION_RECEIVED':
      return { text: `${who} invited you to join ${aTeam}${inCourse}.`, link: '/teams/my' };
    case 'INVITATION_ACCEPTED':
      return { text: `${who} accepted your invitation to ${team}.`, link: teamLink ?? '/teams/my' };
    case 'INVITATION_REJECTED':
      return { text: `${who} declined your invitation to ${team}.`, link: teamLink ?? '/teams/my' };
    case 'INVITATION_CANCELLED':
      return {
        text:
          reason === 'The team was disbanded'
            ? `Your invitation to join ${aTeam} was cancelled: the team was disbanded.`
            : `Your invitation to join ${aTeam} was cancelled.`,
        link: courseLink ?? '/teams/my',
      };
    case 'REMOVED_FROM_TEAM':
      return {
        text: withReason(`You were removed from ${aTeam}${inCourse}.`),
        link: courseLink ?? '/teams/my',
      };
    case 'TEAM_DISBANDED':
      return {
        text: ctx.team
          ? `${aTeam}${inCourse} was disbanded; you are no longer in a team in this course.`
          : 'Your team was disbanded; you are no longer in a team in this course.',
        link: courseLink ?? '/teams/my',
      };
    case 'BECAME_LEADER':
      return { text: `You are now the leader of ${aTeam}.`, link: teamLink ?? '/teams/my' };
    case 'NOTICE_PINNED':
      return { text: `${who} pinned a notice in ${team}.`, link: teamLink ?? '/teams/my' };
    case 'ENROLLMENT_ADDED':
      return {
        text: `You were added to ${code ?? 'a course'}${ctx.course ? ` ${ctx.course.title}` : ''}.`,
        link: courseLink ?? '/dashboard',
      };
    case 'ENROLLMENT_ACTIVATED':
      return {
        text: `Your enrollment in ${code ?? 'a course'} is active again.`,
        link: courseLink ?? '/dashboard',
      };
    case 'PLACED_IN_TEAM': {
      const from = str(ctx.data.fromTeamName);
      return {
        text: from
          ? `An admin moved you from ${from} to ${aTeam}${inCourse}.`
          : ctx.data.formation === true
            ? `The course's team formation placed you in ${aTeam}${inCourse}.`
            : `An admin placed you in ${aTeam}${inCourse}.`,
        link: teamLink ?? '/teams/my',
      };
    }
    case 'CSV_UPLOAD_FINISHED': {
      const file = str(ctx.data.fileName) ?? 'Your roster';
      const summary = csvCountsSummary({
        created: num(ctx.data.created),
        pending: num(ctx.data.pending),
        reactivated: num(ctx.data.reactivated),
        alreadyEnrolled: num(ctx.data.alreadyEnrolled),
        rejected: num(ctx.data.rejected),
      });
      // Issue 35: to the course's roster; rejected rows are listed on the upload page.
      const rejected = num(ctx.data.rejected) > 0;
      return {
        text: `${file} was imported into ${code ?? 'the course'}. ${summary}`,
        link: ctx.course && !rejected ? `/admin/courses/${ctx.course.id}/roster` : '/admin/csv',
      };
    }
    case 'CSV_UPLOAD_FAILED': {
      const file = str(ctx.data.fileName) ?? 'Your roster';
      return {
        text: `${file} could not be imported into ${code ?? 'the course'}; nothing was changed.`,
        link: '/admin/csv',
      };
    }
    case 'WAITLIST_PROMOTED': {
      // The trigger marks the leader's copy (data.for = 'leader'); the student's has none.
      const student = str(ctx.data.studentName) ?? 'A waitlisted student';
      return {
        text:
          ctx.data.for === 'leader'
            ? `A seat opened in ${team}: ${student}'s request left the waitlist and waits for your answer.`
            : `A seat opened in ${aTeam}${inCourse}: your request left the waitlist and waits for the leader's answer.`,
        link: teamLink ?? '/teams/my',
      };
    }
    case 'TEAM_NUDGED': {
      const what = str(ctx.data.message);
      return {
        text: what
          ? `A course admin nudged ${team}${inCourse}: ${what}`
          : `A course admin asks ${team}${inCourse} to finish forming the team.`,
        link: teamLink ?? '/teams/my',
      };
    }
    case 'DEADLINE_SOON': {
      // Issue 26: reminded 72 h and 24 h before (data.hours; rows from before it are 24 h ones).
      const hours = num(ctx.data.hours) || 24;
      return {
        text: `Team formation in ${code ?? 'your course'} closes in ${hours} hours and you have no team yet.`,
        link: courseLink ?? '/dashboard',
      };
    }
    case 'TEAMLESS_REMINDER': {
      const what = str(ctx.data.message);
      return {
        text: `${who === 'Someone' ? 'Your instructor' : who} reminds you that you have no team in ${code ?? 'your course'} yet${what ? `: ${what}` : '. Find one or start your own.'}`,
        link: courseLink ?? '/dashboard',
      };
    }
    // Issue 27 (decision 135): the team formation survey, answered on the student's course page.
    case 'SURVEY_OPENED': {
      const until = when(ctx.data.closesAt);
      return {
        text: `The team formation survey of ${code ?? 'your course'} is open${until ? ` until ${until}` : ''}: answer it so your instructor can place you well.`,
        link: courseLink ?? '/dashboard',
      };
    }
    case 'SURVEY_CLOSING': {
      const hours = num(ctx.data.hours) || 24;
      return {
        text: `The team formation survey of ${code ?? 'your course'} closes in ${hours} hours and you have not submitted it.`,
        link: courseLink ?? '/dashboard',
      };
    }
    case 'SURVEY_REMINDER': {
      // Issue 35: the instructor's own words (data.message) follow the sentence.
      const what = str(ctx.data.message);
      return {
        text: `${who === 'Someone' ? 'Your instructor' : who} reminds you to answer the team formation survey of ${code ?? 'your course'}${what ? `: ${what}` : '.'}`,
        link: courseLink ?? '/dashboard',
      };
    }
    // Issue 34 (decision 141): who may open the account changed; the profile lists them.
    case 'LMS_ACCOUNT_LINKED':
      return {
        text: `Your LMS account (${lmsPlatforms(ctx.data)}) now opens your Teamup account. If this was not you, unlink it on your profile.`,
        link: '/profile',
      };
    case 'LMS_ACCOUNT_UNLINKED':
      return {
        text: `Your LMS account (${lmsPlatforms(ctx.data)}) no longer opens your Teamup account.`,
        link: '/profile',
      };
  }
}

function lmsPlatforms(data: Record<string, unknown>): string {
  const list = Array.isArray(data.platforms)
    ? data.platforms.filter((p) => typeof p === 'string')
    : [];
  return list.length > 0 ? list.join(', ') : 'an LMS';
}
