-- Community (issue 12):
--   1. users: a headline, who may see the profile (CLASSMATES by default, or ORGANIZATION), whether
--      other students see the email (off by default), and skill_keys: the skills trimmed,
--      lower-cased and without repeats, kept from skills by a trigger and searched through a GIN
--      index (no scan of every profile).
--   2. "Looking for a team" moves from the user to each enrollment, with a note. Today's flag is
--      copied onto the user's ACTIVE enrollments (not removed) in courses where they have no team,
--      then dropped. A trigger on team_members switches it off when the student joins a team of
--      that course, in the transaction of the join, whatever path adds the member.
--   3. teams.wanted_skills: what a team looks for (at most 10, checked by the API).
CREATE TYPE "public"."profile_visibility" AS ENUM('CLASSMATES', 'ORGANIZATION');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "headline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "skill_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_visibility" "profile_visibility" DEFAULT 'CLASSMATES' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "looking_for_team" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "looking_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "wanted_skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "users_skill_keys_idx" ON "users" USING gin ("skill_keys");--> statement-breakpoint
CREATE INDEX "enrollments_course_looking_idx" ON "enrollments" USING btree ("course_id","user_id") WHERE "enrollments"."looking_for_team" AND "enrollments"."removed_at" IS NULL;--> statement-breakpoint
UPDATE "enrollments" AS e
SET "looking_for_team" = true
FROM "users" AS u
WHERE u."id" = e."user_id"
	AND u."looking_for_team"
	AND e."status" = 'ACTIVE'
	AND e."removed_at" IS NULL
	AND NOT EXISTS (
		SELECT 1 FROM "team_members" AS m
		WHERE m."course_id" = e."course_id" AND m."user_id" = e."user_id"
	);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "looking_for_team";--> statement-breakpoint
CREATE FUNCTION "skill_keys_of"(skills text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(array_agg(DISTINCT k ORDER BY k), '{}'::text[])
	FROM (SELECT lower(btrim(s)) AS k FROM unnest(skills) AS s) AS keys
	WHERE k <> ''
$$;--> statement-breakpoint
CREATE FUNCTION "users_keep_skill_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."skill_keys" := "skill_keys_of"(NEW."skills");
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_keep_skill_keys_insert"
	BEFORE INSERT ON "users"
	FOR EACH ROW EXECUTE FUNCTION "users_keep_skill_keys"();--> statement-breakpoint
CREATE TRIGGER "users_keep_skill_keys_update"
	BEFORE UPDATE OF "skills", "skill_keys" ON "users"
	FOR EACH ROW EXECUTE FUNCTION "users_keep_skill_keys"();--> statement-breakpoint
UPDATE "users" SET "skill_keys" = "skill_keys_of"("skills");--> statement-breakpoint
CREATE FUNCTION "team_members_stop_looking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "enrollments"
	SET "looking_for_team" = false
	WHERE "course_id" = NEW."course_id" AND "user_id" = NEW."user_id" AND "looking_for_team";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "team_members_stop_looking"
	AFTER INSERT ON "team_members"
	FOR EACH ROW EXECUTE FUNCTION "team_members_stop_looking"();