import { Card, Group, Stack, Text } from '@mantine/core';
import type {
  DashboardInvitation,
  DashboardJoinRequest,
  DashboardMyRequest,
  DashboardOpenSurvey,
  DashboardUnreadNotices,
} from '@teamup/shared';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/ui/router-link';
import { SkillBadges } from '@/components/ui/skill-badges';
import { TimeAgo as On } from '@/components/ui/time-ago';
import { RequestActions } from './request-actions';

const TeamLink = ({ id, name }: { id: string; name: string }) => (
  <AnchorLink to="/teams/$teamId" params={{ teamId: id }} inherit underline="always">
    {name}
  </AnchorLink>
);

/** Issue 24: every course and person the dashboard names leads to its page. */
const CourseLink = ({ id, code, title }: { id: string; code: string; title?: string }) => (
  <AnchorLink
    to="/courses/$courseId"
    params={{ courseId: id }}
    inherit
    underline="always"
    c="blue.9"
    fw={700}
    title={title}
  >
    {code}
  </AnchorLink>
);

const PersonLink = ({ id, name }: { id: string; name: string }) => (
  <AnchorLink to="/community/$userId" params={{ userId: id }} inherit underline="always">
    {name}
  </AnchorLink>
);

type ItemProps = { label: string; title: ReactNode; meta: ReactNode; children?: ReactNode };

/** One entry of "Needs you": what it is about, when, and what can be done. */
function Item({ label, title, meta, children }: ItemProps) {
  return (
    <Card component="li" withBorder radius="md" padding="sm" aria-label={label}>
      <Stack gap={6}>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {meta}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

const Quote = ({ text }: { text: string }) =>
  text ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      “{text}”
    </Text>
  ) : null;

export function InvitationItem({ invitation }: { invitation: DashboardInvitation }) {
  const team = invitation.teamName;
  return (
    <Item
      label={`Invitation to ${team}`}
      title={
        <>
          <CourseLink
            id={invitation.courseId}
            code={invitation.courseCode}
            title={invitation.courseTitle}
          />{' '}
          · <TeamLink id={invitation.teamId} name={team} />
        </>
      }
      meta={
        <>
          {invitation.invitedBy ? (
            <>
              Invited by{' '}
              <PersonLink id={invitation.invitedBy.id} name={invitation.invitedBy.fullname} />{' '}
            </>
          ) : (
            'Invited '
          )}
          <On iso={invitation.createdAt} />
        </>
      }
    >
      <Quote text={invitation.message} />
      <RequestActions
        kind="invitation"
        id={invitation.id}
        choices={[
          {
            action: 'accept',
            label: 'Accept',
            ariaLabel: `Accept invitation to ${team}`,
            primary: true,
            done: (name) => ({ title: 'Invitation accepted', message: `You joined ${name}` }),
            failed: `Could not join ${team}`,
          },
          {
            action: 'reject',
            label: 'Reject',
            ariaLabel: `Reject invitation to ${team}`,
            confirm: {
              title: 'Reject this invitation?',
              text: `You will not join ${team}. To join later you would need a new invitation or an accepted request.`,
              label: 'Reject invitation',
            },
            done: (name) => ({
              title: 'Invitation declined',
              message: `You declined the invitation to ${name}`,
            }),
            failed: 'Could not decline the invitation',
          },
        ]}
      />
    </Item>
  );
}

export function JoinRequestItem({ request }: { request: DashboardJoinRequest }) {
  const who = request.applicant.fullname;
  return (
    <Item
      label={`Request from ${who} to join ${request.teamName}`}
      title={
        <>
          <PersonLink id={request.applicant.id} name={who} /> wants to join{' '}
          <TeamLink id={request.teamId} name={request.teamName} />
        </>
      }
      meta={
        <>
          {request.courseCode} · asked <On iso={request.createdAt} />
        </>
      }
    >
      <Quote text={request.message} />
      <SkillBadges skills={request.applicant.skills} size="sm" max={6} />
      <RequestActions
        kind="join-request"
        id={request.id}
        choices={[
          {
            action: 'accept',
            label: 'Accept',
            ariaLabel: `Accept ${who} into ${request.teamName}`,
            primary: true,
            done: (name) => ({ title: 'Request accepted', message: `${who} joined ${name}` }),
            failed: `Could not accept ${who}`,
          },
          {
            action: 'reject',
            label: 'Reject',
            ariaLabel: `Reject the request from ${who}`,
            confirm: {
              title: 'Reject this request?',
              text: `${who} will not join ${request.teamName}. They can ask again later.`,
              label: 'Reject request',
            },
            done: () => ({ title: 'Request rejected', message: `You rejected ${who}’s request` }),
            failed: 'Could not reject the request',
          },
        ]}
      />
    </Item>
  );
}

export function MyRequestItem({ request }: { request: DashboardMyRequest }) {
  const team = request.teamName;
  const waitlisted = request.status === 'WAITLISTED';
  return (
    <Item
      label={waitlisted ? `My place on the waitlist of ${team}` : `My request to join ${team}`}
      title={
        <>
          <CourseLink id={request.courseId} code={request.courseCode} /> ·{' '}
          <TeamLink id={request.teamId} name={team} />
        </>
      }
      meta={
        waitlisted ? (
          <>
            {team} is full: you are number {request.waitlistPosition ?? '?'} on its waitlist, since{' '}
            <On iso={request.createdAt} />
          </>
        ) : (
          <>
            Waiting for the leader since <On iso={request.createdAt} />
          </>
        )
      }
    >
      <Quote text={request.message} />
      <RequestActions
        kind="join-request"
        id={request.id}
        choices={[
          {
            action: 'withdraw',
            label: waitlisted ? 'Leave waitlist' : 'Withdraw',
            ariaLabel: waitlisted
              ? `Leave waitlist of ${team}`
              : `Withdraw my request to join ${team}`,
            confirm: waitlisted
              ? {
                  title: 'Leave this waitlist?',
                  text: `You will lose your place on the waitlist of ${team}. Joining again later puts you at the end of the line.`,
                  label: 'Leave waitlist',
                }
              : {
                  title: 'Withdraw this request?',
                  text: `Your request to join ${team} will be withdrawn. You can ask again later.`,
                  label: 'Withdraw request',
                },
            done: (name) =>
              waitlisted
                ? { title: 'Left the waitlist', message: `You left the waitlist of ${name}` }
                : {
                    title: 'Request withdrawn',
                    message: `You withdrew your request to join ${name}`,
                  },
            failed: waitlisted ? 'Could not leave the waitlist' : 'Could not withdraw the request',
          },
        ]}
      />
    </Item>
  );
}

export function UnreadNoticesItem({ unread }: { unread: DashboardUnreadNotices }) {
  const { newest } = unread;
  const count = `${unread.count} new notice${unread.count === 1 ? '' : 's'}`;
  return (
    <Item
      label={`${count} in ${unread.teamName}`}
      title={
        <>
          {count} in <TeamLink id={unread.teamId} name={unread.teamName} />
        </>
      }
      meta={
        <>
          {unread.courseCode} · latest by {newest.authorName ?? 'a former member'}{' '}
          <On iso={newest.createdAt} />
        </>
      }
    >
      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {newest.excerpt}
      </Text>
      <Group>
        <AnchorLink
          to="/teams/$teamId"
          params={{ teamId: unread.teamId }}
          size="sm"
          aria-label={`Read the notices of ${unread.teamName}`}
        >
          Read the notices
        </AnchorLink>
      </Group>
    </Item>
  );
}

/** Issue 27: an open formation survey I have not submitted, linking to its card. */
export function OpenSurveyItem({ survey }: { survey: DashboardOpenSurvey }) {
  const what = `the team formation survey of ${survey.courseCode}`;
  return (
    <Item
      label={`Answer ${what}`}
      title={
        <>
          Answer the team formation survey of{' '}
          <CourseLink id={survey.courseId} code={survey.courseCode} title={survey.courseTitle} />
        </>
      }
      meta={
        <>
          {survey.started ? 'Started, not submitted · ' : ''}closes <On iso={survey.closesAt} />
        </>
      }
    >
      <Group>
        <AnchorLink
          to="/courses/$courseId"
          params={{ courseId: survey.courseId }}
          hash="survey"
          size="sm"
          aria-label={`${survey.started ? 'Continue' : 'Answer'} the survey of ${survey.courseCode}`}
        >
          {survey.started ? 'Continue' : 'Answer the survey'}
        </AnchorLink>
      </Group>
    </Item>
  );
}
