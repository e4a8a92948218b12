CREATE TABLE "course_surveys" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "survey_reminders" (
	"course_id" uuid NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"hours" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_reminders_course_id_closes_at_hours_pk" PRIMARY KEY("course_id","closes_at","hours")
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "survey_responses_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "project" text;--> statement-breakpoint
ALTER TABLE "course_surveys" ADD CONSTRAINT "course_surveys_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_surveys" ADD CONSTRAINT "course_surveys_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_reminders" ADD CONSTRAINT "survey_reminders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 27 (decision 135): the survey's notifications are sent by email at once by default;
-- @teamup/shared's EMAIL_DEFAULTS says the same (a test holds them equal).
CREATE OR REPLACE FUNCTION "teamup_email_default"(p_kind text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind IN ('JOIN_REQUEST_RECEIVED', 'JOIN_REQUEST_ACCEPTED',
    'JOIN_REQUEST_REJECTED', 'INVITATION_RECEIVED', 'REMOVED_FROM_TEAM', 'PLACED_IN_TEAM',
    'DEADLINE_SOON', 'WAITLIST_PROMOTED', 'TEAMLESS_REMINDER', 'SURVEY_OPENED', 'SURVEY_CLOSING',
    'SURVEY_REMINDER') THEN 'IMMEDIATE' ELSE 'DIGEST' END
$$;
