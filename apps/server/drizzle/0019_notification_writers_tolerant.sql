-- The notification writer of migration 0017 cast ids read from an audit event's JSON
-- (data.invitationId, data.releasedMembers[]) to uuid; an event whose data holds anything else
-- made the cast, and so the whole change that wrote the event, fail. Audit data is a record,
-- not a contract: an id that is not a uuid now simply names no one (no notification), and the
-- change goes through. Same function otherwise (CREATE OR REPLACE; the trigger stays).
CREATE OR REPLACE FUNCTION "teamup_notifications_from_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications
    (user_id, kind, audit_event_id, actor_id, organization_id, course_id, team_id, data)
  SELECT c.user_id, c.kind, c.id, c.actor_id, c.organization_id, c.course_id, c.team_id, c.data
  FROM (
    -- The event's target user.
    SELECT r.id, r.actor_id, r.organization_id, r.course_id, r.team_id, r.data,
      r.target_user_id AS user_id,
      CASE
        WHEN r.action = 'REQUEST_ACCEPTED' THEN 'JOIN_REQUEST_ACCEPTED'
        WHEN r.action = 'REQUEST_REJECTED' THEN 'JOIN_REQUEST_REJECTED'
        WHEN r.action = 'INVITATION_CREATED' THEN 'INVITATION_RECEIVED'
        -- A person took it back, or the team was disbanded; not when the invitee joined a
        -- team (accepting elsewhere, or placed by an admin) or left the course.
        WHEN r.action = 'INVITATION_CANCELLED'
          AND r.data->>'reason' IN ('Cancelled by the team leader', 'The team was disbanded')
          THEN 'INVITATION_CANCELLED'
        WHEN r.action = 'MEMBER_REMOVED' THEN 'REMOVED_FROM_TEAM'
        WHEN r.action = 'LEADER_CHANGED' THEN 'BECAME_LEADER'
        WHEN r.action = 'MEMBER_ADDED_BY_ADMIN' THEN 'PLACED_IN_TEAM'
        -- A move writes two events; the one on the new team names where they came from.
        WHEN r.action = 'MEMBER_MOVED_BY_ADMIN' AND r.data ? 'fromTeamId' THEN 'PLACED_IN_TEAM'
        -- An admin (or their upload); the first sign-in's activation is ACTIVATED, not here.
        WHEN r.action IN ('ENROLLED', 'RESTORED') AND r.enrollment_id IS NOT NULL
          THEN 'ENROLLMENT_ADDED'
        WHEN r.action = 'STATUS_CHANGED' AND r.data->>'to' = 'ACTIVE' THEN 'ENROLLMENT_ACTIVATED'
      END AS kind
    FROM new_rows r
    WHERE r.target_user_id IS NOT NULL
    UNION ALL
    -- The team's leader.
    SELECT r.id, r.actor_id, r.organization_id, r.course_id, r.team_id, r.data, t.leader_id,
      CASE r.action WHEN 'REQUEST_CREATED' THEN 'JOIN_REQUEST_RECEIVED'
        ELSE 'JOIN_REQUEST_WITHDRAWN' END
    FROM new_rows r JOIN teams t ON t.id = r.team_id
    WHERE r.action IN ('REQUEST_CREATED', 'REQUEST_WITHDRAWN')
    UNION ALL
    -- Who invited, while still in the team; else the team's leader.
    SELECT r.id, r.actor_id, r.organization_id, r.course_id, r.team_id, r.data,
      CASE WHEN EXISTS (SELECT 1 FROM team_members m
                        WHERE m.team_id = r.team_id AND m.user_id = i.invited_by)
        THEN i.invited_by ELSE t.leader_id END,
      CASE r.action WHEN 'INVITATION_ACCEPTED' THEN 'INVITATION_ACCEPTED'
        ELSE 'INVITATION_REJECTED' END
    FROM new_rows r
    JOIN teams t ON t.id = r.team_id
    JOIN invitations i ON i.id = CASE WHEN r.data->>'invitationId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      THEN (r.data->>'invitationId')::uuid END
    WHERE r.action IN ('INVITATION_ACCEPTED', 'INVITATION_REJECTED')
    UNION ALL
    -- The members a disband released (the last member leaving releases no one).
    SELECT r.id, r.actor_id, r.organization_id, r.course_id, r.team_id, '{}'::jsonb,
      CASE WHEN m.user_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        THEN m.user_id::uuid END, 'TEAM_DISBANDED'
    FROM new_rows r
    CROSS JOIN LATERAL jsonb_array_elements_text(r.data->'releasedMembers') AS m(user_id)
    WHERE r.action = 'TEAM_DISBANDED' AND jsonb_typeof(r.data->'releasedMembers') = 'array'
    UNION ALL
    -- Every member of the team: a notice posted pinned, or an existing one pinned.
    SELECT r.id, r.actor_id, r.organization_id, r.course_id, r.team_id,
      jsonb_build_object('noticeId', r.data->'noticeId'), m.user_id, 'NOTICE_PINNED'
    FROM new_rows r JOIN team_members m ON m.team_id = r.team_id
    WHERE (r.action = 'NOTICE_POSTED' AND r.data->'pinned' = 'true'::jsonb)
       OR (r.action = 'NOTICE_UPDATED' AND r.data #> '{pinned,to}' = 'true'::jsonb)
  ) c
  JOIN users u ON u.id = c.user_id
  WHERE c.kind IS NOT NULL
    AND c.user_id IS DISTINCT FROM c.actor_id
    AND NOT (c.kind = ANY (u.muted_notification_kinds));
  RETURN NULL;
END $$;
