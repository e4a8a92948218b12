-- Issue 24 (decision 126): the membership periods of teams disbanded without the triggers.
-- Migration 0020 backfilled the periods from the audit trail once; since then the team_members
-- triggers keep them, whatever writes the members. A team written as already disbanded (the demo
-- seed's Sketch Club before this fix: audit events, no member rows) never fired them, so its
-- former members' team history missed it while their activity said they had disbanded it.
-- Each member a disband released who has no period in that team gets one: from their last join
-- of the team before the disband (the team's creation when the trail has none) to the disband.
-- A (team, student) with periods keeps them as the triggers or 0020 wrote them.
INSERT INTO team_membership_periods (team_id, course_id, user_id, joined_at, left_at, left_reason)
SELECT DISTINCT d.team_id, t.course_id, u.id, j.joined_at, greatest(j.joined_at, d.created_at), 'DISBANDED'
FROM audit_events d
JOIN teams t ON t.id = d.team_id
CROSS JOIN LATERAL jsonb_array_elements_text(d.data->'releasedMembers') AS m(user_id)
JOIN users u ON u.id::text = lower(m.user_id)
CROSS JOIN LATERAL (
  SELECT coalesce(max(a.created_at), t.created_at) AS joined_at
  FROM audit_events a
  WHERE a.team_id = d.team_id AND a.target_user_id = u.id AND a.created_at <= d.created_at
    AND (a.action IN ('TEAM_CREATED', 'MEMBER_JOINED', 'MEMBER_ADDED_BY_ADMIN')
         OR (a.action = 'MEMBER_MOVED_BY_ADMIN' AND a.data ? 'fromTeamId'))
) j
WHERE d.action = 'TEAM_DISBANDED' AND jsonb_typeof(d.data->'releasedMembers') = 'array'
  AND NOT EXISTS (SELECT 1 FROM team_membership_periods p
                  WHERE p.team_id = d.team_id AND p.user_id = u.id);
