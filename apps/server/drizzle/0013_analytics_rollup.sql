-- The System Analytics activity rollup (issue 13, decision 109):
--   1. analytics_rollup_days: the past UTC days rolled up; a day is claimed by its insert, in the
--      transaction that writes its rows, so any number of runners write each day once.
--   2. analytics_activity_rollup: per past day, for everyone (organization_id = the nil UUID) and
--      per organization: active users, sign-ins, and first_after[k + 1], the day's active users
--      whose previous active day was more than k days before, which makes distinct active users
--      over a range a sum. The usage call reads these for past days and computes today live.
--   3. analytics_organization_people: each organization's people, recounted by every job run.
--   4. user_activity_days (user_id, day) replaces the user_id index: the "previous active day"
--      of a user is one probe of it.
CREATE TABLE "analytics_activity_rollup" (
	"day" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"active_users" integer NOT NULL,
	"sign_ins" integer NOT NULL,
	"first_after" integer[] NOT NULL,
	CONSTRAINT "analytics_activity_rollup_day_organization_id_pk" PRIMARY KEY("day","organization_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_organization_people" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"people" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "user_activity_days_user_idx";--> statement-breakpoint
ALTER TABLE "analytics_activity_rollup" ADD CONSTRAINT "analytics_activity_rollup_day_analytics_rollup_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."analytics_rollup_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_days_user_day_idx" ON "user_activity_days" USING btree ("user_id","day");