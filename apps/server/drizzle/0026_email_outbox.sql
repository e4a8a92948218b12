CREATE TABLE "course_reminders" (
	"course_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" uuid,
	"recipients" integer NOT NULL,
	CONSTRAINT "course_reminders_course_id_kind_pk" PRIMARY KEY("course_id","kind")
);
--> statement-breakpoint
CREATE TABLE "dev_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"message_id" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"notification_id" uuid,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"first_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error_class" text,
	"error_code" integer,
	"digest_id" uuid,
	"digest_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_deliveries_notification_id_unique" UNIQUE("notification_id"),
	CONSTRAINT "email_deliveries_kind" CHECK ("email_deliveries"."kind" IN ('NOTIFICATION', 'DIGEST')),
	CONSTRAINT "email_deliveries_state" CHECK ("email_deliveries"."state" IN ('PENDING', 'HELD', 'DIGESTED', 'SENT', 'FAILED', 'EXPIRED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "user_email_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "user_email_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "user_email_preferences_mode" CHECK ("user_email_preferences"."mode" IN ('IMMEDIATE', 'DIGEST', 'OFF'))
);
--> statement-breakpoint
ALTER TABLE "notification_deadline_reminders" ADD COLUMN "hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deadline_reminders" DROP CONSTRAINT "notification_deadline_reminders_course_id_deadline_pk";--> statement-breakpoint
ALTER TABLE "notification_deadline_reminders" ADD CONSTRAINT "notification_deadline_reminders_course_id_deadline_hours_pk" PRIMARY KEY("course_id","deadline","hours");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_all_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_undeliverable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_undeliverable_code" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_digest_on" date;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_time_zone" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "shown_in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "course_reminders" ADD CONSTRAINT "course_reminders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reminders" ADD CONSTRAINT "course_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_preferences" ADD CONSTRAINT "user_email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_mail_created_at_idx" ON "dev_mail" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_deliveries_pending_idx" ON "email_deliveries" USING btree ("next_attempt_at") WHERE "email_deliveries"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "email_deliveries_held_idx" ON "email_deliveries" USING btree ("user_id") WHERE "email_deliveries"."state" = 'HELD';--> statement-breakpoint
CREATE INDEX "email_deliveries_user_sent_idx" ON "email_deliveries" USING btree ("user_id","sent_at") WHERE "email_deliveries"."state" = 'SENT';--> statement-breakpoint
CREATE INDEX "email_deliveries_digest_idx" ON "email_deliveries" USING btree ("digest_id") WHERE "email_deliveries"."digest_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "email_deliveries_created_at_idx" ON "email_deliveries" USING btree ("created_at");--> statement-breakpoint
-- Issue 26 (decision 133): email. A kind's default mode; @teamup/shared's EMAIL_DEFAULTS says the
-- same (a test holds them equal).
CREATE OR REPLACE FUNCTION "teamup_email_default"(p_kind text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind IN ('JOIN_REQUEST_RECEIVED', 'JOIN_REQUEST_ACCEPTED',
    'JOIN_REQUEST_REJECTED', 'INVITATION_RECEIVED', 'REMOVED_FROM_TEAM', 'PLACED_IN_TEAM',
    'DEADLINE_SOON', 'WAITLIST_PROMOTED', 'TEAMLESS_REMINDER') THEN 'IMMEDIATE' ELSE 'DIGEST' END
$$;
--> statement-breakpoint
-- How a user wants a kind by email now: OFF when every email is off, when the address is
-- undeliverable, or when the user is gone.
CREATE OR REPLACE FUNCTION "teamup_email_mode"(p_user uuid, p_kind text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT CASE WHEN u.email_all_off OR u.email_undeliverable_at IS NOT NULL THEN 'OFF'
      ELSE coalesce(p.mode, teamup_email_default(p_kind)) END
    FROM users u LEFT JOIN user_email_preferences p ON p.user_id = u.id AND p.kind = p_kind
    WHERE u.id = p_user), 'OFF')
$$;
--> statement-breakpoint
-- A kind muted in the app is still written when the user wants it by email: read, and left out
-- of the bell, the list and the live stream (shown_in_app false).
CREATE OR REPLACE FUNCTION "teamup_notifications_from_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications
    (user_id, kind, audit_event_id, actor_id, organization_id, course_id, team_id, data,
     shown_in_app, read_at)
  SELECT c.user_id, c.kind, c.id, c.actor_id, c.organization_id, c.course_id, c.team_id, c.data,
    NOT (c.kind = ANY (u.muted_notification_kinds)),
    CASE WHEN c.kind = ANY (u.muted_notification_kinds) THEN now() END
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
    AND (NOT (c.kind = ANY (u.muted_notification_kinds))
         OR teamup_email_mode(u.id, c.kind) <> 'OFF');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The outbox: every notification the recipient wants by email gets its delivery row in the
-- notification's own transaction, so no writer can forget one and a rolled-back change sends
-- nothing. PENDING is sent at once by the mail worker; HELD waits for the daily digest.
CREATE OR REPLACE FUNCTION "teamup_email_outbox"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO email_deliveries (user_id, kind, notification_id, state, created_at)
  SELECT n.user_id, 'NOTIFICATION', n.id,
    CASE m.mode WHEN 'IMMEDIATE' THEN 'PENDING' ELSE 'HELD' END, n.created_at
  FROM new_notifications n
  CROSS JOIN LATERAL (SELECT teamup_email_mode(n.user_id, n.kind) AS mode) m
  WHERE m.mode <> 'OFF';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_email_outbox" AFTER INSERT ON "notifications"
REFERENCING NEW TABLE AS new_notifications FOR EACH STATEMENT EXECUTE FUNCTION "teamup_email_outbox"();
--> statement-breakpoint
-- The live stream is told only of the rows the app shows.
CREATE OR REPLACE FUNCTION "teamup_notify_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('teamup_events', json_build_object('t', 'n', 'n', json_agg(json_build_array(user_id, seq)))::text)
  FROM (SELECT user_id, seq, (row_number() OVER (ORDER BY seq) - 1) / 100 AS chunk
        FROM new_rows WHERE shown_in_app) r
  GROUP BY chunk;
  RETURN NULL;
END $$;
