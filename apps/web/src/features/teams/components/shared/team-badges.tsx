import { Badge, type BadgeProps } from '@mantine/core';
import type { TeamSummary, ViewerTeamRelation } from '@teamup/shared';

type Props = Omit<BadgeProps, 'color' | 'children'>;

const RELATION: Record<Exclude<ViewerTeamRelation, 'NONE'>, { label: string; color: string }> = {
  LEADER: { label: 'You lead', color: 'blue.9' },
  MEMBER: { label: 'Your team', color: 'blue.9' },
  REQUESTED: { label: 'Requested', color: 'violet.9' },
  INVITED: { label: 'Invited', color: 'cyan.9' },
};

/** How the viewer stands with a team; nothing when they have no relation to it. */
export function RelationBadge({ relation, ...props }: { relation: ViewerTeamRelation } & Props) {
  if (relation === 'NONE') return null;
  const { label, color } = RELATION[relation];
  return (
    <Badge color={color} variant="filled" {...props}>
      {label}
    </Badge>
  );
}

/** Whether the team takes join requests at all (a full team is "Full", whatever its setting). */
export function OpennessBadge({
  team,
  ...props
}: { team: Pick<TeamSummary, 'openToRequests' | 'openSeats'> } & Props) {
  if (team.openSeats <= 0) {
    return (
      <Badge color="gray.7" variant="filled" {...props}>
        Full
      </Badge>
    );
  }
  return team.openToRequests ? (
    // teal.9, not green.9: white on green.9 is below 4.5:1 at badge size.
    <Badge color="teal.9" variant="filled" {...props}>
      Open
    </Badge>
  ) : (
    <Badge color="gray.7" variant="filled" {...props}>
      Closed
    </Badge>
  );
}

export function LeaderBadge(props: Props) {
  return (
    <Badge color="yellow.5" variant="filled" autoContrast {...props}>
      Leader
    </Badge>
  );
}
