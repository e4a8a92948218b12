-- Issue 15 (decision 115): the waitlist, membership periods and the new notification kinds.
-- * WAITLISTED joins the request statuses. Drizzle runs pending migrations in one transaction,
--   and a new enum value cannot be used before it commits, so the "one open request per student
--   and team" index names the closed statuses instead of PENDING and WAITLISTED.
-- * team_membership_periods: triggers on team_members open a period on insert and close it on
--   delete, with the reason the writer set for its transaction (`teamup.leave_reason`), then the
--   periods are backfilled from the audit trail and completed from today's members.
-- * The notification writer (0017/0019) learns REQUEST_PROMOTED and TEAM_NUDGED.
ALTER TYPE "public"."team_request_status" ADD VALUE 'WAITLISTED';--> statement-breakpoint
CREATE TABLE "team_membership_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"left_reason" text,
	CONSTRAINT "team_membership_periods_order" CHECK ("team_membership_periods"."left_at" IS NULL OR "team_membership_periods"."left_at" >= "team_membership_periods"."joined_at")
);
--> statement-breakpoint
DROP INDEX "join_requests_one_pending";--> statement-breakpoint
ALTER TABLE "team_membership_periods" ADD CONSTRAINT "team_membership_periods_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_membership_periods" ADD CONSTRAINT "team_membership_periods_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_membership_periods" ADD CONSTRAINT "team_membership_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_membership_periods_open" ON "team_membership_periods" USING btree ("team_id","user_id") WHERE "team_membership_periods"."left_at" IS NULL;--> statement-breakpoint
CREATE INDEX "team_membership_periods_course_idx" ON "team_membership_periods" USING btree ("course_id","joined_at");--> statement-breakpoint
CREATE INDEX "team_membership_periods_user_idx" ON "team_membership_periods" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "join_requests_one_open" ON "join_requests" USING btree ("team_id","user_id") WHERE "join_requests"."status" NOT IN ('ACCEPTED', 'REJECTED', 'WITHDRAWN', 'CANCELLED');
--> statement-breakpoint
CREATE FUNCTION "teamup_membership_periods_open"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_membership_periods (team_id, course_id, user_id, joined_at)
  SELECT n.team_id, n.course_id, n.user_id, n.joined_at FROM new_rows n
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "team_members_periods_open" AFTER INSERT ON "team_members"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "teamup_membership_periods_open"();
--> statement-breakpoint
-- The reason is the transaction's `teamup.leave_reason` (membership.ts sets it before each
-- delete); a delete that set none (a cascade) is REMOVED.
CREATE FUNCTION "teamup_membership_periods_close"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_membership_periods p
  SET left_at = greatest(now(), p.joined_at),
      left_reason = coalesce(nullif(current_setting('teamup.leave_reason', true), ''), 'REMOVED')
  FROM old_rows o
  WHERE p.team_id = o.team_id AND p.user_id = o.user_id AND p.left_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "team_members_periods_close" AFTER DELETE ON "team_members"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "teamup_membership_periods_close"();
--> statement-breakpoint
-- Backfill. Joins and leaves of each (team, student) from the audit trail, paired in order:
-- the k-th join ends at the k-th leave. A join without its leave ends at the next join, or is
-- open when the student is a member today, or ends when the team was disbanded (or now).
WITH ev AS (
  SELECT a.team_id, a.target_user_id AS user_id, a.created_at, a.id,
    CASE
      WHEN a.action IN ('TEAM_CREATED', 'MEMBER_JOINED', 'MEMBER_ADDED_BY_ADMIN') THEN 'J'
      WHEN a.action = 'MEMBER_MOVED_BY_ADMIN' AND a.data ? 'fromTeamId' THEN 'J'
      ELSE 'L'
    END AS kind,
    CASE
      WHEN a.action = 'MEMBER_LEFT' THEN 'LEFT'
      WHEN a.action = 'MEMBER_REMOVED' AND a.data ? 'enrollmentId' THEN 'ENROLLMENT_ENDED'
      WHEN a.action = 'MEMBER_REMOVED' THEN 'REMOVED'
      WHEN a.action = 'MEMBER_MOVED_BY_ADMIN' THEN 'MOVED'
    END AS reason
  FROM audit_events a
  WHERE a.team_id IS NOT NULL AND a.target_user_id IS NOT NULL
    AND (a.action IN ('TEAM_CREATED', 'MEMBER_JOINED', 'MEMBER_ADDED_BY_ADMIN', 'MEMBER_LEFT',
                      'MEMBER_REMOVED')
         OR (a.action = 'MEMBER_MOVED_BY_ADMIN' AND (a.data ? 'fromTeamId' OR a.data ? 'toTeamId')))
  UNION ALL
  SELECT a.team_id, m.user_id::uuid, a.created_at, a.id, 'L', 'DISBANDED'
  FROM audit_events a
  CROSS JOIN LATERAL jsonb_array_elements_text(a.data->'releasedMembers') AS m(user_id)
  WHERE a.action = 'TEAM_DISBANDED' AND a.team_id IS NOT NULL
    AND jsonb_typeof(a.data->'releasedMembers') = 'array'
    AND m.user_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
),
numbered AS (
  SELECT ev.*, row_number() OVER (PARTITION BY team_id, user_id, kind ORDER BY created_at, id) AS k
  FROM ev
),
joins AS (
  SELECT j.*, lead(j.created_at) OVER (PARTITION BY j.team_id, j.user_id ORDER BY j.k) AS next_join
  FROM numbered j WHERE j.kind = 'J'
),
paired AS (
  SELECT j.team_id, t.course_id, j.user_id, j.created_at AS joined_at,
    l.created_at AS left_at, l.reason, j.next_join, t.disbanded_at,
    EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = j.team_id AND m.user_id = j.user_id)
      AS is_member
  FROM joins j
  JOIN teams t ON t.id = j.team_id
  JOIN users u ON u.id = j.user_id
  LEFT JOIN numbered l ON l.kind = 'L' AND l.team_id = j.team_id AND l.user_id = j.user_id
    AND l.k = j.k
)
INSERT INTO team_membership_periods (team_id, course_id, user_id, joined_at, left_at, left_reason)
SELECT team_id, course_id, user_id, joined_at,
  -- (greatest() skips NULL, so the open case stays outside it.)
  CASE
    WHEN left_at IS NULL AND next_join IS NULL AND is_member THEN NULL
    ELSE greatest(joined_at, coalesce(left_at, next_join, disbanded_at, now()))
  END,
  CASE
    WHEN left_at IS NOT NULL THEN reason
    WHEN next_join IS NOT NULL OR NOT is_member THEN
      CASE WHEN disbanded_at IS NOT NULL THEN 'DISBANDED' ELSE 'REMOVED' END
  END
-- Only a (team, student)'s last join has no next join, so at most one period stays open.
FROM paired;
--> statement-breakpoint
-- Today's members whose join the trail does not have (rows written without events, such as the
-- demo seed's): their period starts at their member row's joined_at.
INSERT INTO team_membership_periods (team_id, course_id, user_id, joined_at)
SELECT m.team_id, m.course_id, m.user_id, m.joined_at
FROM team_members m
WHERE NOT EXISTS (SELECT 1 FROM team_membership_periods p
                  WHERE p.team_id = m.team_id AND p.user_id = m.user_id AND p.left_at IS NULL);
--> statement-breakpoint
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
        -- Issue 15: the student whose waitlisted request a free seat made pending.
        WHEN r.action = 'REQUEST_PROMOTED' THEN 'WAITLIST_PROMOTED'
      END AS kind
    FROM new_rows r
    WHERE r.target_user_id IS NOT NULL
    UNION ALL
    -- The team's leader.
    SELECT r.id, r.actor_id, r.organization_id, r.course_id, r.team_id,
      CASE r.action WHEN 'REQUEST_PROMOTED' THEN r.data || '{"for":"leader"}'::jsonb
        ELSE r.data END,
      t.leader_id,
      CASE r.action WHEN 'REQUEST_CREATED' THEN 'JOIN_REQUEST_RECEIVED'
        WHEN 'REQUEST_PROMOTED' THEN 'WAITLIST_PROMOTED'
        ELSE 'JOIN_REQUEST_WITHDRAWN' END
    FROM new_rows r JOIN teams t ON t.id = r.team_id
    WHERE r.action IN ('REQUEST_CREATED', 'REQUEST_WITHDRAWN', 'REQUEST_PROMOTED')
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
    UNION ALL
    -- Issue 15: every member of a team an admin nudged.
    SELECT r.id, r.actor_id, r.organization_id, r.course_id, r.team_id, r.data, m.user_id,
      'TEAM_NUDGED'
    FROM new_rows r JOIN team_members m ON m.team_id = r.team_id
    WHERE r.action = 'TEAM_NUDGED'
  ) c
  JOIN users u ON u.id = c.user_id
  WHERE c.kind IS NOT NULL
    AND c.user_id IS DISTINCT FROM c.actor_id
    AND NOT (c.kind = ANY (u.muted_notification_kinds));
  RETURN NULL;
END $$;
