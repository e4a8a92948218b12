-- The course team list without counting or joining per request (issue 11, decision 098):
--   1. courses.live_team_count: the course's live teams (not disbanded, with a leader), the
--      total of its unfiltered list. A deferred trigger on teams keeps it: it runs at commit,
--      after every other lock of the transaction, so the course row is locked last and for a
--      moment only, and no lock order with team, enrollment or request rows can deadlock.
--   2. teams.leader_fullname/leader_email/leader_avatar: the leader's, copied. A trigger on
--      teams fills them whenever leader_id is set (reading the user row FOR SHARE, so a rename
--      committing at the same time either comes first and is read, or waits and then rewrites
--      the new copy); a trigger on users rewrites them when the user's name, email or avatar
--      change. Both run in the transaction of the change.
-- Every path that writes these tables (the app, the seed, fixtures, manual SQL) keeps them.
ALTER TABLE "courses" ADD COLUMN "live_team_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "leader_fullname" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "leader_email" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "leader_avatar" text;--> statement-breakpoint
UPDATE "teams" AS t
SET "leader_fullname" = u."fullname", "leader_email" = u."email", "leader_avatar" = u."avatar"
FROM "users" AS u
WHERE u."id" = t."leader_id";--> statement-breakpoint
UPDATE "courses" AS c
SET "live_team_count" = (
	SELECT count(*) FROM "teams" AS t
	WHERE t."course_id" = c."id" AND t."disbanded_at" IS NULL AND t."leader_id" IS NOT NULL
);--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_leader_copy" CHECK ("teams"."leader_id" IS NULL OR ("teams"."leader_fullname" IS NOT NULL AND "teams"."leader_email" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_live_team_count_not_negative" CHECK ("courses"."live_team_count" >= 0);--> statement-breakpoint
CREATE FUNCTION "teams_count_live"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_live boolean := TG_OP <> 'INSERT' AND OLD."disbanded_at" IS NULL AND OLD."leader_id" IS NOT NULL;
	is_live boolean := TG_OP <> 'DELETE' AND NEW."disbanded_at" IS NULL AND NEW."leader_id" IS NOT NULL;
BEGIN
	IF was_live AND (NOT is_live OR OLD."course_id" <> NEW."course_id") THEN
		UPDATE "courses" SET "live_team_count" = "live_team_count" - 1 WHERE "id" = OLD."course_id";
	END IF;
	IF is_live AND (NOT was_live OR OLD."course_id" <> NEW."course_id") THEN
		UPDATE "courses" SET "live_team_count" = "live_team_count" + 1 WHERE "id" = NEW."course_id";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "teams_count_live"
	AFTER INSERT OR UPDATE OF "disbanded_at", "leader_id", "course_id" OR DELETE ON "teams"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "teams_count_live"();--> statement-breakpoint
CREATE FUNCTION "teams_copy_leader"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."leader_id" IS NULL THEN
		NEW."leader_fullname" := NULL;
		NEW."leader_email" := NULL;
		NEW."leader_avatar" := NULL;
	ELSE
		SELECT u."fullname", u."email", u."avatar"
		INTO NEW."leader_fullname", NEW."leader_email", NEW."leader_avatar"
		FROM "users" AS u WHERE u."id" = NEW."leader_id"
		FOR SHARE;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "teams_copy_leader_insert"
	BEFORE INSERT ON "teams"
	FOR EACH ROW EXECUTE FUNCTION "teams_copy_leader"();--> statement-breakpoint
CREATE TRIGGER "teams_copy_leader_update"
	BEFORE UPDATE OF "leader_id" ON "teams"
	FOR EACH ROW WHEN (OLD."leader_id" IS DISTINCT FROM NEW."leader_id")
	EXECUTE FUNCTION "teams_copy_leader"();--> statement-breakpoint
CREATE FUNCTION "users_recopy_leader"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "teams"
	SET "leader_fullname" = NEW."fullname", "leader_email" = NEW."email", "leader_avatar" = NEW."avatar"
	WHERE "leader_id" = NEW."id";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_recopy_leader"
	AFTER UPDATE OF "fullname", "email", "avatar" ON "users"
	FOR EACH ROW WHEN (
		OLD."fullname" IS DISTINCT FROM NEW."fullname"
		OR OLD."email" IS DISTINCT FROM NEW."email"
		OR OLD."avatar" IS DISTINCT FROM NEW."avatar"
	)
	EXECUTE FUNCTION "users_recopy_leader"();
