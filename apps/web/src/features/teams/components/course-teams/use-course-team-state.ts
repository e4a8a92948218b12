import type { Invitation, JoinRequest, TeamSummary } from '@teamup/shared';
import { useMyInvitations } from '../../api/get-my-invitations';
import { useMyTeams } from '../../api/get-my-teams';

export type CourseTeamState = {
  /** The viewer's live team in the course, if any. */
  team: TeamSummary | undefined;
  /** The viewer's pending join requests in the course, by team id too. */
  requests: JoinRequest[];
  requestByTeam: Map<string, JoinRequest>;
  /** Pending invitations for the viewer in the course, by team id too. */
  invitations: Invitation[];
  invitationByTeam: Map<string, Invitation>;
};

/**
 * Where the viewer stands in one course, from their own lists (teams, requests, invitations
 * across courses; a student has only a few): the course page needs the ids behind a team's
 * REQUESTED or INVITED relation to withdraw, accept or reject from the list.
 */
export function useCourseTeamState(courseId: string) {
  const mine = useMyTeams();
  const invitations = useMyInvitations();

  const error = mine.error ?? invitations.error;
  const refetch = () => Promise.all([mine.refetch(), invitations.refetch()]);
  if (!mine.data || !invitations.data) {
    return { state: undefined, isPending: !error, error, refetch } as const;
  }

  const requests = mine.data.requests.filter(
    // Waitlisted ones too (issue 15): the student's open asks in the course.
    (r) => r.courseId === courseId && (r.status === 'PENDING' || r.status === 'WAITLISTED'),
  );
  const courseInvitations = invitations.data.items.filter(
    (i) => i.courseId === courseId && i.status === 'PENDING',
  );
  const state: CourseTeamState = {
    team: mine.data.teams.find((t) => t.courseId === courseId && !t.disbandedAt),
    requests,
    requestByTeam: new Map(requests.map((r) => [r.teamId, r])),
    invitations: courseInvitations,
    invitationByTeam: new Map(courseInvitations.map((i) => [i.teamId, i])),
  };
  return { state, isPending: false, error, refetch } as const;
}
