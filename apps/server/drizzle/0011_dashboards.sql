-- Dashboards (issue 13):
--   1. user_activity_days: who used Teamup on which day (UTC), fed by sign-ins and by the sessions'
--      last-used writes, so System Analytics counts sign-ins and active users per day even after
--      the sessions themselves are deleted by retention. Filled here from the sessions kept today.
--   2. team_members.notices_seen_at: when the member last saw the team's notices; the student
--      dashboard lists teams with notices posted since. Members of today have seen what exists.
--   3. audit_events by course and time: a course's formation progress day by day.
CREATE TABLE "user_activity_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"sign_ins" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_activity_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "notices_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_days_user_idx" ON "user_activity_days" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_events_course_idx" ON "audit_events" USING btree ("course_id","created_at");--> statement-breakpoint
INSERT INTO "user_activity_days" ("day", "user_id", "sign_ins")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "user_id", count(*)
FROM "sessions"
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "user_activity_days" ("day", "user_id")
SELECT DISTINCT ("last_used_at" AT TIME ZONE 'UTC')::date, "user_id"
FROM "sessions"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "team_members" SET "notices_seen_at" = now();
