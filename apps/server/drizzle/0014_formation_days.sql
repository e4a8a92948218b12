-- The formation dashboard's last per-request counts (issue 13, decision 108):
--   1. courses.placed_count: the course's team_members rows (every member is an ACTIVE student of
--      the course, decision 081), kept by a deferred trigger like the other course counters.
--   2. course_formation_days: per course and UTC day, the sums of the audit events'
--      formation_active and formation_placed (migration 0012), kept by a deferred trigger on
--      audit_events (insert, a change of its course, day or figures, delete), filled here from
--      the events already there. The trigger locks the course row before the day's row, the
--      order every counter trigger takes, so two commits never wait on each other in a circle.
CREATE TABLE "course_formation_days" (
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_formation_days_course_id_day_pk" PRIMARY KEY("course_id","day")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "placed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_formation_days" ADD CONSTRAINT "course_formation_days_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "team_members_count_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		UPDATE "courses" SET "placed_count" = "placed_count" - 1 WHERE "id" = OLD."course_id";
	END IF;
	IF TG_OP <> 'DELETE' THEN
		UPDATE "courses" SET "placed_count" = "placed_count" + 1 WHERE "id" = NEW."course_id";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "team_members_count_placed"
	AFTER INSERT OR UPDATE OF "course_id" OR DELETE ON "team_members"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "team_members_count_placed"();--> statement-breakpoint
UPDATE "courses" AS c SET "placed_count" = s."n"
FROM (SELECT "course_id", count(*) AS "n" FROM "team_members" GROUP BY "course_id") AS s
WHERE s."course_id" = c."id";--> statement-breakpoint
CREATE FUNCTION "formation_day_add"(course uuid, on_day date, active int, placed int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	key text := 'teamup.formation_' || replace(course::text, '-', '') || '_' || to_char(on_day, 'YYYYMMDD');
	seen text := coalesce(current_setting(key, true), '');
BEGIN
	-- As for the enrollment counts (0012): per course, day and transaction, the first event is
	-- added as it is, a second one recounts the day from the events, later ones are in that count.
	IF seen = 'recounted' THEN
		RETURN;
	END IF;
	PERFORM 1 FROM "courses" WHERE "id" = course FOR NO KEY UPDATE;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	IF seen = '' THEN
		PERFORM set_config(key, 'applied', true);
		INSERT INTO "course_formation_days" ("course_id", "day", "active", "placed")
		VALUES (course, on_day, active, placed)
		ON CONFLICT ("course_id", "day") DO UPDATE
		SET "active" = "course_formation_days"."active" + EXCLUDED."active",
			"placed" = "course_formation_days"."placed" + EXCLUDED."placed";
	ELSE
		PERFORM set_config(key, 'recounted', true);
		INSERT INTO "course_formation_days" ("course_id", "day", "active", "placed")
		SELECT course, on_day, coalesce(sum(a."formation_active"), 0), coalesce(sum(a."formation_placed"), 0)
		FROM "audit_events" AS a
		WHERE a."course_id" = course
			AND a."created_at" >= on_day::timestamp AT TIME ZONE 'UTC'
			AND a."created_at" < (on_day + 1)::timestamp AT TIME ZONE 'UTC'
			AND (a."formation_active" <> 0 OR a."formation_placed" <> 0)
		ON CONFLICT ("course_id", "day") DO UPDATE
		SET "active" = EXCLUDED."active", "placed" = EXCLUDED."placed";
	END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "audit_events_roll_formation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD."course_id" IS NOT NULL
		AND (OLD."formation_active" <> 0 OR OLD."formation_placed" <> 0) THEN
		PERFORM "formation_day_add"(OLD."course_id", (OLD."created_at" AT TIME ZONE 'UTC')::date,
			-OLD."formation_active", -OLD."formation_placed");
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."course_id" IS NOT NULL
		AND (NEW."formation_active" <> 0 OR NEW."formation_placed" <> 0) THEN
		PERFORM "formation_day_add"(NEW."course_id", (NEW."created_at" AT TIME ZONE 'UTC')::date,
			NEW."formation_active", NEW."formation_placed");
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_events_roll_formation"
	AFTER INSERT OR UPDATE OF "course_id", "created_at", "formation_active", "formation_placed" OR DELETE
	ON "audit_events"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "audit_events_roll_formation"();--> statement-breakpoint
INSERT INTO "course_formation_days" ("course_id", "day", "active", "placed")
SELECT "course_id", ("created_at" AT TIME ZONE 'UTC')::date, sum("formation_active"), sum("formation_placed")
FROM "audit_events"
WHERE "course_id" IS NOT NULL AND ("formation_active" <> 0 OR "formation_placed" <> 0)
GROUP BY 1, 2;
