CREATE TYPE "public"."course_staff_role" AS ENUM('INSTRUCTOR', 'TEACHING_ASSISTANT');--> statement-breakpoint
CREATE TABLE "course_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"email" text,
	"user_id" uuid,
	"fullname" text DEFAULT '' NOT NULL,
	"role" "course_staff_role" NOT NULL,
	"source" text DEFAULT 'MANUAL' NOT NULL,
	"appointed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_staff_someone" CHECK ("course_staff"."email" is not null or "course_staff"."user_id" is not null),
	CONSTRAINT "course_staff_source" CHECK ("course_staff"."source" in ('MANUAL', 'LTI'))
);
--> statement-breakpoint
ALTER TABLE "course_staff" ADD CONSTRAINT "course_staff_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_staff" ADD CONSTRAINT "course_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_staff" ADD CONSTRAINT "course_staff_appointed_by_users_id_fk" FOREIGN KEY ("appointed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_staff_course_email_idx" ON "course_staff" USING btree ("course_id","email") WHERE "course_staff"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "course_staff_course_user_idx" ON "course_staff" USING btree ("course_id","user_id") WHERE "course_staff"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "course_staff_user_idx" ON "course_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_staff_pending_email_idx" ON "course_staff" USING btree ("email") WHERE "course_staff"."user_id" is null;