-- The formation dashboard without reading every row per request (issue 13, decision 108):
--   1. courses.pending_count/active_count/inactive_count (enrollments not removed, by status),
--      pending_join_request_count and pending_invitation_count. Deferred triggers keep them, as
--      teams_count_live keeps live_team_count (migration 0008): they run at commit, after every
--      other lock of the transaction, so the course row is locked last and for a moment only.
--   2. audit_events.formation_active/formation_placed: what an event changed in its course's
--      ACTIVE and placed students, set at insert from action and data by a trigger (the table is
--      in decision 108), and an index holding only the events that changed something, read
--      alone (no JSON, no heap) by the progress curve. It replaces audit_events_course_idx.
--   3. join_requests_pending_course_idx: a course's pending requests by age (unanswered 48 h).
-- Every path that writes these tables (the app, the seed, fixtures, manual SQL) keeps them.
DROP INDEX "audit_events_course_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "formation_active" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "formation_placed" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "pending_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "active_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "inactive_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "pending_join_request_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "pending_invitation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "formation_active_delta"(action text, data jsonb) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(CASE action
		WHEN 'ENROLLED' THEN (data->>'status' = 'ACTIVE')::int
		WHEN 'RESTORED' THEN (coalesce(data->>'to', data->>'status') = 'ACTIVE')::int
		WHEN 'ACTIVATED' THEN 1
		WHEN 'STATUS_CHANGED' THEN coalesce((data->>'to' = 'ACTIVE')::int, 0)
			- coalesce((data->>'from' = 'ACTIVE')::int, 0)
		WHEN 'REMOVED' THEN -(data->>'status' = 'ACTIVE')::int
		ELSE 0 END, 0)::smallint
$$;--> statement-breakpoint
CREATE FUNCTION "formation_placed_delta"(action text, data jsonb) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
	SELECT (CASE action
		WHEN 'TEAM_CREATED' THEN 1
		WHEN 'MEMBER_JOINED' THEN 1
		WHEN 'MEMBER_ADDED_BY_ADMIN' THEN 1
		WHEN 'MEMBER_LEFT' THEN -1
		WHEN 'MEMBER_REMOVED' THEN -1
		WHEN 'MEMBER_MOVED_BY_ADMIN' THEN CASE WHEN data ? 'fromTeamId' THEN 1 ELSE -1 END
		WHEN 'TEAM_DISBANDED' THEN CASE WHEN jsonb_typeof(data->'releasedMembers') = 'array'
			THEN -jsonb_array_length(data->'releasedMembers') ELSE 0 END
		ELSE 0 END)::smallint
$$;--> statement-breakpoint
CREATE FUNCTION "audit_events_formation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."course_id" IS NOT NULL THEN
		NEW."formation_active" := "formation_active_delta"(NEW."action", NEW."data");
		NEW."formation_placed" := "formation_placed_delta"(NEW."action", NEW."data");
	ELSE
		NEW."formation_active" := 0;
		NEW."formation_placed" := 0;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_formation"
	BEFORE INSERT ON "audit_events"
	FOR EACH ROW EXECUTE FUNCTION "audit_events_formation"();--> statement-breakpoint
UPDATE "audit_events"
SET "formation_active" = "formation_active_delta"("action", "data"),
	"formation_placed" = "formation_placed_delta"("action", "data")
WHERE "course_id" IS NOT NULL
	AND ("formation_active_delta"("action", "data") <> 0
		OR "formation_placed_delta"("action", "data") <> 0);--> statement-breakpoint
CREATE INDEX "audit_events_formation_idx" ON "audit_events" USING btree ("course_id","created_at","formation_active","formation_placed") WHERE "audit_events"."formation_active" <> 0 OR "audit_events"."formation_placed" <> 0;--> statement-breakpoint
CREATE INDEX "join_requests_pending_course_idx" ON "join_requests" USING btree ("course_id","created_at") WHERE "join_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE FUNCTION "enrollments_count_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was boolean := TG_OP <> 'INSERT' AND OLD."removed_at" IS NULL;
	is_now boolean := TG_OP <> 'DELETE' AND NEW."removed_at" IS NULL;
	course uuid;
	seen text;
BEGIN
	IF was AND is_now AND OLD."course_id" = NEW."course_id" AND OLD."status" = NEW."status" THEN
		RETURN NULL;
	END IF;
	-- A roster import changes thousands of enrollments of one course in a transaction, and every
	-- update of the course row in it lengthens the row's chain of versions that the next update
	-- walks. So per course and transaction: the first change is applied as it is; a second one
	-- recounts the course (at commit every change of the transaction is in place, and the row is
	-- locked before the count so the count sees every other commit); later ones are in that count.
	FOREACH course IN ARRAY ARRAY[
		CASE WHEN was THEN OLD."course_id" END, CASE WHEN is_now THEN NEW."course_id" END
	] LOOP
		CONTINUE WHEN course IS NULL;
		seen := coalesce(current_setting('teamup.enrollment_counts_' || replace(course::text, '-', ''), true), '');
		CONTINUE WHEN seen = 'recounted';
		IF seen = '' THEN
			PERFORM set_config('teamup.enrollment_counts_' || replace(course::text, '-', ''), 'applied', true);
			UPDATE "courses" SET
				"pending_count" = "pending_count"
					- CASE WHEN was AND OLD."course_id" = course THEN (OLD."status" = 'PENDING')::int ELSE 0 END
					+ CASE WHEN is_now AND NEW."course_id" = course THEN (NEW."status" = 'PENDING')::int ELSE 0 END,
				"active_count" = "active_count"
					- CASE WHEN was AND OLD."course_id" = course THEN (OLD."status" = 'ACTIVE')::int ELSE 0 END
					+ CASE WHEN is_now AND NEW."course_id" = course THEN (NEW."status" = 'ACTIVE')::int ELSE 0 END,
				"inactive_count" = "inactive_count"
					- CASE WHEN was AND OLD."course_id" = course THEN (OLD."status" = 'INACTIVE')::int ELSE 0 END
					+ CASE WHEN is_now AND NEW."course_id" = course THEN (NEW."status" = 'INACTIVE')::int ELSE 0 END
			WHERE "id" = course;
		ELSE
			PERFORM set_config('teamup.enrollment_counts_' || replace(course::text, '-', ''), 'recounted', true);
			PERFORM 1 FROM "courses" WHERE "id" = course FOR NO KEY UPDATE;
			UPDATE "courses" SET "pending_count" = s."pending", "active_count" = s."active",
				"inactive_count" = s."inactive"
			FROM (
				SELECT count(*) FILTER (WHERE e."status" = 'PENDING') AS "pending",
					count(*) FILTER (WHERE e."status" = 'ACTIVE') AS "active",
					count(*) FILTER (WHERE e."status" = 'INACTIVE') AS "inactive"
				FROM "enrollments" AS e WHERE e."course_id" = course AND e."removed_at" IS NULL
			) AS s
			WHERE "id" = course;
		END IF;
	END LOOP;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "enrollments_count_status"
	AFTER INSERT OR UPDATE OF "status", "removed_at", "course_id" OR DELETE ON "enrollments"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "enrollments_count_status"();--> statement-breakpoint
CREATE FUNCTION "join_requests_count_pending"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was boolean := TG_OP <> 'INSERT' AND OLD."status" = 'PENDING';
	is_now boolean := TG_OP <> 'DELETE' AND NEW."status" = 'PENDING';
BEGIN
	IF was AND (NOT is_now OR OLD."course_id" <> NEW."course_id") THEN
		UPDATE "courses" SET "pending_join_request_count" = "pending_join_request_count" - 1
		WHERE "id" = OLD."course_id";
	END IF;
	IF is_now AND (NOT was OR OLD."course_id" <> NEW."course_id") THEN
		UPDATE "courses" SET "pending_join_request_count" = "pending_join_request_count" + 1
		WHERE "id" = NEW."course_id";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "join_requests_count_pending"
	AFTER INSERT OR UPDATE OF "status", "course_id" OR DELETE ON "join_requests"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "join_requests_count_pending"();--> statement-breakpoint
CREATE FUNCTION "invitations_count_pending"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was boolean := TG_OP <> 'INSERT' AND OLD."status" = 'PENDING';
	is_now boolean := TG_OP <> 'DELETE' AND NEW."status" = 'PENDING';
BEGIN
	IF was AND (NOT is_now OR OLD."course_id" <> NEW."course_id") THEN
		UPDATE "courses" SET "pending_invitation_count" = "pending_invitation_count" - 1
		WHERE "id" = OLD."course_id";
	END IF;
	IF is_now AND (NOT was OR OLD."course_id" <> NEW."course_id") THEN
		UPDATE "courses" SET "pending_invitation_count" = "pending_invitation_count" + 1
		WHERE "id" = NEW."course_id";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invitations_count_pending"
	AFTER INSERT OR UPDATE OF "status", "course_id" OR DELETE ON "invitations"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "invitations_count_pending"();--> statement-breakpoint
UPDATE "courses" AS c SET
	"pending_count" = s."pending", "active_count" = s."active", "inactive_count" = s."inactive"
FROM (
	SELECT "course_id",
		count(*) FILTER (WHERE "status" = 'PENDING') AS "pending",
		count(*) FILTER (WHERE "status" = 'ACTIVE') AS "active",
		count(*) FILTER (WHERE "status" = 'INACTIVE') AS "inactive"
	FROM "enrollments" WHERE "removed_at" IS NULL GROUP BY "course_id"
) AS s
WHERE s."course_id" = c."id";--> statement-breakpoint
UPDATE "courses" AS c SET "pending_join_request_count" = s."n"
FROM (SELECT "course_id", count(*) AS "n" FROM "join_requests" WHERE "status" = 'PENDING' GROUP BY "course_id") AS s
WHERE s."course_id" = c."id";--> statement-breakpoint
UPDATE "courses" AS c SET "pending_invitation_count" = s."n"
FROM (SELECT "course_id", count(*) AS "n" FROM "invitations" WHERE "status" = 'PENDING' GROUP BY "course_id") AS s
WHERE s."course_id" = c."id";
