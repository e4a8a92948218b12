-- Notifications and the live stream (issue 14, decision 111):
--   1. notifications: what happened to a user, written in the transaction of the change;
--      users.muted_notification_kinds: the kinds a user muted (never written for them).
--   2. notification_deadline_reminders: DEADLINE_SOON sent once per course and deadline.
--   3. pg_notify on the channel 'teamup_events' at commit (NOTIFY is transactional: a change
--      that rolls back tells no one). Every process LISTENs on it (PGlite: in process):
--        {"t":"n","n":[[user_id, seq], ...]}   new notifications (at most 100 per payload)
--        {"t":"c","o":org,"c":course,"tm":[team ids] | null,"u":[user ids] | null}
--            something in a course changed (from audit_events); tm null: too many teams to
--            name (all of the course's); u: users whose own enrollments changed, null: too many
--            to name (everyone enrolled in the course)
--        {"t":"s","s":session_id}               a session was revoked: its streams end
CREATE TABLE "notification_deadline_reminders" (
	"course_id" uuid NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deadline_reminders_course_id_deadline_pk" PRIMARY KEY("course_id","deadline")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"audit_event_id" uuid,
	"actor_id" uuid,
	"organization_id" uuid,
	"course_id" uuid,
	"team_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "muted_notification_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deadline_reminders" ADD CONSTRAINT "notification_deadline_reminders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_audit_event_id_audit_events_id_fk" FOREIGN KEY ("audit_event_id") REFERENCES "public"."audit_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","seq") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION "teamup_notify_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('teamup_events', json_build_object('t', 'n', 'n', json_agg(json_build_array(user_id, seq)))::text)
  FROM (SELECT user_id, seq, (row_number() OVER (ORDER BY seq) - 1) / 100 AS chunk FROM new_rows) r
  GROUP BY chunk;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_notify" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "teamup_notify_notifications"();--> statement-breakpoint
CREATE FUNCTION "teamup_notify_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('teamup_events', json_build_object(
      't', 'c', 'o', g.organization_id, 'c', g.course_id,
      'tm', CASE WHEN cardinality(g.team_ids) <= 50 THEN g.team_ids END,
      'u', CASE WHEN cardinality(g.user_ids) <= 50 THEN g.user_ids END)::text)
  FROM (
    SELECT organization_id, course_id,
      coalesce(array_agg(DISTINCT team_id) FILTER (WHERE team_id IS NOT NULL), '{}') AS team_ids,
      coalesce(array_agg(DISTINCT target_user_id)
        FILTER (WHERE target_user_id IS NOT NULL AND enrollment_id IS NOT NULL), '{}') AS user_ids
    FROM new_rows WHERE course_id IS NOT NULL
    GROUP BY organization_id, course_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_events_notify_changed" AFTER INSERT ON "audit_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "teamup_notify_changed"();--> statement-breakpoint
CREATE FUNCTION "teamup_notify_session_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('teamup_events', json_build_object('t', 's', 's', NEW.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_revoked" AFTER UPDATE OF "revoked_at" ON "sessions"
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION "teamup_notify_session_revoked"();
