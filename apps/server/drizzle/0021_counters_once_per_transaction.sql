-- Bulk membership changes without a cost per row at commit (issue 15, decision 116). Formation's
-- apply places 2,000 students, creates hundreds of teams and cancels hundreds of requests and
-- invitations in one transaction; the deferred counter triggers of migrations 0008, 0012 and
-- 0014 then updated the course row once per row at commit, and each update walks the row's
-- growing chain of versions (2,000 updates: about 400 ms).
--   1. placed_count, live_team_count, pending_join_request_count and pending_invitation_count
--      follow the rule enrollments_count_status already follows (0012): per counter, course and
--      transaction, the first change is applied as it is; a second one locks the course row and
--      recounts (at commit every change of the transaction is in place, and the lock is taken
--      before the count so the count sees every other commit); later ones are in that count.
--      Still deferred, so the course row is still locked last and for a moment only.
--      The two pending counters (0012) now share one function, the counter named by its trigger.
--   2. team_members_stop_looking (0009) runs once per statement, over its inserted rows.
-- Behaviour is unchanged: the same counts, the same flags, at the same moments.
CREATE FUNCTION "teamup_count_step"(counter text, course uuid) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	key text := 'teamup.count_' || counter || '_' || replace(course::text, '-', '');
	seen text := coalesce(current_setting(key, true), '');
BEGIN
	-- '' (first change: apply it), 'applied' (second: recount), 'recounted' (later: nothing).
	IF seen = '' THEN
		PERFORM set_config(key, 'applied', true);
	ELSIF seen = 'applied' THEN
		PERFORM set_config(key, 'recounted', true);
		PERFORM 1 FROM "courses" WHERE "id" = course FOR NO KEY UPDATE;
	END IF;
	RETURN seen;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "team_members_count_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	course uuid;
	delta int;
BEGIN
	IF TG_OP = 'UPDATE' AND OLD."course_id" = NEW."course_id" THEN
		RETURN NULL;
	END IF;
	FOREACH course IN ARRAY ARRAY[
		CASE WHEN TG_OP <> 'INSERT' THEN OLD."course_id" END,
		CASE WHEN TG_OP <> 'DELETE' THEN NEW."course_id" END
	] LOOP
		CONTINUE WHEN course IS NULL;
		delta := CASE WHEN TG_OP <> 'DELETE' AND NEW."course_id" = course THEN 1 ELSE -1 END;
		CASE "teamup_count_step"('placed', course)
			WHEN '' THEN
				UPDATE "courses" SET "placed_count" = "placed_count" + delta WHERE "id" = course;
			WHEN 'applied' THEN
				UPDATE "courses" SET "placed_count" =
					(SELECT count(*) FROM "team_members" AS m WHERE m."course_id" = course)
				WHERE "id" = course;
			ELSE NULL;
		END CASE;
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "teams_count_live"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_live boolean := TG_OP <> 'INSERT' AND OLD."disbanded_at" IS NULL AND OLD."leader_id" IS NOT NULL;
	is_live boolean := TG_OP <> 'DELETE' AND NEW."disbanded_at" IS NULL AND NEW."leader_id" IS NOT NULL;
	course uuid;
BEGIN
	IF was_live AND is_live AND OLD."course_id" = NEW."course_id" THEN
		RETURN NULL;
	END IF;
	FOREACH course IN ARRAY ARRAY[
		CASE WHEN was_live THEN OLD."course_id" END, CASE WHEN is_live THEN NEW."course_id" END
	] LOOP
		CONTINUE WHEN course IS NULL;
		CASE "teamup_count_step"('live_teams', course)
			WHEN '' THEN
				UPDATE "courses" SET "live_team_count" = "live_team_count"
					+ CASE WHEN is_live AND NEW."course_id" = course THEN 1 ELSE -1 END
				WHERE "id" = course;
			WHEN 'applied' THEN
				UPDATE "courses" SET "live_team_count" = (
					SELECT count(*) FROM "teams" AS t
					WHERE t."course_id" = course AND t."disbanded_at" IS NULL AND t."leader_id" IS NOT NULL
				)
				WHERE "id" = course;
			ELSE NULL;
		END CASE;
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Pending join requests and pending invitations: one function, the counter named by the
-- trigger's argument (the two of 0012 were the same but for it).
CREATE FUNCTION "teamup_count_pending"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	counter text := TG_ARGV[0];
	was boolean := TG_OP <> 'INSERT' AND OLD."status" = 'PENDING';
	is_now boolean := TG_OP <> 'DELETE' AND NEW."status" = 'PENDING';
	course uuid;
BEGIN
	IF was AND is_now AND OLD."course_id" = NEW."course_id" THEN
		RETURN NULL;
	END IF;
	FOREACH course IN ARRAY ARRAY[
		CASE WHEN was THEN OLD."course_id" END, CASE WHEN is_now THEN NEW."course_id" END
	] LOOP
		CONTINUE WHEN course IS NULL;
		CASE "teamup_count_step"(counter, course)
			WHEN '' THEN
				EXECUTE format('UPDATE "courses" SET %1$I = %1$I + $1 WHERE "id" = $2', counter)
				USING CASE WHEN is_now AND NEW."course_id" = course THEN 1 ELSE -1 END, course;
			WHEN 'applied' THEN
				EXECUTE format('UPDATE "courses" SET %1$I = (SELECT count(*) FROM %2$I AS x'
					' WHERE x."course_id" = $1 AND x."status" = ''PENDING'') WHERE "id" = $1',
					counter, TG_TABLE_NAME)
				USING course;
			ELSE NULL;
		END CASE;
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "join_requests_count_pending" ON "join_requests";
--> statement-breakpoint
DROP FUNCTION "join_requests_count_pending"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "join_requests_count_pending"
	AFTER INSERT OR UPDATE OF "status", "course_id" OR DELETE ON "join_requests"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "teamup_count_pending"('pending_join_request_count');
--> statement-breakpoint
DROP TRIGGER "invitations_count_pending" ON "invitations";
--> statement-breakpoint
DROP FUNCTION "invitations_count_pending"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invitations_count_pending"
	AFTER INSERT OR UPDATE OF "status", "course_id" OR DELETE ON "invitations"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "teamup_count_pending"('pending_invitation_count');
--> statement-breakpoint
DROP TRIGGER "team_members_stop_looking" ON "team_members";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "team_members_stop_looking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "enrollments" AS e
	SET "looking_for_team" = false
	FROM new_rows AS n
	WHERE e."course_id" = n."course_id" AND e."user_id" = n."user_id" AND e."looking_for_team";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "team_members_stop_looking" AFTER INSERT ON "team_members"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION "team_members_stop_looking"();
--> statement-breakpoint
-- The recount of a course's pending invitations reads this index alone (requests have theirs,
-- join_requests_pending_course_idx of 0012).
CREATE INDEX "invitations_pending_course_idx" ON "invitations" USING btree ("course_id") WHERE "invitations"."status" = 'PENDING';
