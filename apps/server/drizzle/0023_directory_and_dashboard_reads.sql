-- Cheap community directory (issue 25, decision 129).
--   1. enrollments.member_skill_keys: a copy of the enrolled user's skill_keys (users, 0009) on
--      each of their enrollments, so the directory filtered by a course judges a roster's
--      candidates on the roster rows themselves, and reads a users row only for those that match.
--      Kept by the database: set from the user when an enrollment is written or relinked, and
--      rewritten on every enrollment of a user whose skill_keys change. '{}' without a user.
--   2. teams_leader_idx: the teams a student leads, for the cards' invite options, computed once
--      per statement instead of scanning each shared course's teams per card.
ALTER TABLE "enrollments" ADD COLUMN "member_skill_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "enrollments" AS e SET "member_skill_keys" = u."skill_keys"
FROM "users" AS u WHERE u."id" = e."user_id" AND u."skill_keys" <> '{}'::text[];--> statement-breakpoint
CREATE FUNCTION "enrollments_take_skill_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."member_skill_keys" := coalesce(
		(SELECT u."skill_keys" FROM "users" AS u WHERE u."id" = NEW."user_id"), '{}'::text[]);
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enrollments_take_skill_keys"
	BEFORE INSERT OR UPDATE OF "user_id", "member_skill_keys" ON "enrollments"
	FOR EACH ROW EXECUTE FUNCTION "enrollments_take_skill_keys"();--> statement-breakpoint
CREATE FUNCTION "users_give_skill_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "enrollments" SET "member_skill_keys" = NEW."skill_keys"
	WHERE "user_id" = NEW."id" AND "member_skill_keys" IS DISTINCT FROM NEW."skill_keys";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_give_skill_keys"
	AFTER UPDATE ON "users"
	FOR EACH ROW WHEN (OLD."skill_keys" IS DISTINCT FROM NEW."skill_keys")
	EXECUTE FUNCTION "users_give_skill_keys"();--> statement-breakpoint
CREATE INDEX "teams_leader_idx" ON "teams" USING btree ("leader_id") WHERE "teams"."disbanded_at" IS NULL;
