-- The formation dashboard's team figures kept as teams change (issue 25, decision 129): per
-- course, its live (not disbanded) teams by size (live_team_sizes[i + 1]: teams of i members)
-- and how many of them are full (member_count >= max_size). The dashboard reads teams (the sum),
-- full, open (the rest) and under the minimum (the sizes below the course's team_size_min, so a
-- change of the minimum needs no rewrite) from the course row instead of counting its teams.
-- Kept like the counters of 0021: a deferred trigger on teams, per course and transaction the
-- first change applied as a delta and a second one recounted under the course row's lock (so a
-- bulk change, formation's apply, writes the course row twice, not once per team); the lock is
-- per course and taken at commit, as the other counters already do.
ALTER TABLE "courses" ADD COLUMN "live_team_sizes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "full_team_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "teamup_team_sizes_of"(course uuid) RETURNS integer[] LANGUAGE sql STABLE AS $$
	SELECT coalesce(array_agg(coalesce(x.n, 0) ORDER BY s.size), '{}'::integer[])
	FROM generate_series(0, (SELECT coalesce(max(t."member_count"), -1) FROM "teams" AS t
		WHERE t."course_id" = course AND t."disbanded_at" IS NULL)) AS s(size)
	LEFT JOIN (SELECT t."member_count" AS size, count(*)::int AS n FROM "teams" AS t
		WHERE t."course_id" = course AND t."disbanded_at" IS NULL GROUP BY 1) AS x ON x.size = s.size
$$;--> statement-breakpoint
CREATE FUNCTION "teamup_full_teams_of"(course uuid) RETURNS integer LANGUAGE sql STABLE AS $$
	SELECT count(*)::int FROM "teams" AS t
	WHERE t."course_id" = course AND t."disbanded_at" IS NULL AND t."member_count" >= t."max_size"
$$;--> statement-breakpoint
-- sizes with `delta` added to the count of teams of `size` members (none when size is null),
-- padded with zeros first (assigning past the end of an empty array would make it start there).
CREATE FUNCTION "teamup_sizes_add"(sizes integer[], size integer, delta integer) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	upper_bound integer := coalesce(array_upper(sizes, 1), 0);
BEGIN
	IF size IS NOT NULL THEN
		IF upper_bound < size + 1 THEN
			sizes := sizes || array_fill(0, ARRAY[size + 1 - upper_bound]);
		END IF;
		sizes[size + 1] := coalesce(sizes[size + 1], 0) + delta;
	END IF;
	RETURN sizes;
END
$$;--> statement-breakpoint
CREATE FUNCTION "teams_count_sizes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_live boolean := TG_OP <> 'INSERT' AND OLD."disbanded_at" IS NULL;
	is_live boolean := TG_OP <> 'DELETE' AND NEW."disbanded_at" IS NULL;
	course uuid;
	minus_size integer;
	plus_size integer;
	full_delta integer;
BEGIN
	IF was_live AND is_live AND OLD."course_id" = NEW."course_id"
		AND OLD."member_count" = NEW."member_count"
		AND (OLD."member_count" >= OLD."max_size") = (NEW."member_count" >= NEW."max_size") THEN
		RETURN NULL;
	END IF;
	FOREACH course IN ARRAY ARRAY[
		CASE WHEN was_live THEN OLD."course_id" END,
		CASE WHEN is_live AND NOT (was_live AND OLD."course_id" = NEW."course_id")
			THEN NEW."course_id" END
	] LOOP
		CONTINUE WHEN course IS NULL;
		minus_size := CASE WHEN was_live AND OLD."course_id" = course THEN OLD."member_count" END;
		plus_size := CASE WHEN is_live AND NEW."course_id" = course THEN NEW."member_count" END;
		full_delta :=
			CASE WHEN is_live AND NEW."course_id" = course AND NEW."member_count" >= NEW."max_size"
				THEN 1 ELSE 0 END
			- CASE WHEN was_live AND OLD."course_id" = course AND OLD."member_count" >= OLD."max_size"
				THEN 1 ELSE 0 END;
		CASE "teamup_count_step"('team_sizes', course)
			WHEN '' THEN
				UPDATE "courses" SET
					"live_team_sizes" = "teamup_sizes_add"(
						"teamup_sizes_add"("live_team_sizes", minus_size, -1), plus_size, 1),
					"full_team_count" = "full_team_count" + full_delta
				WHERE "id" = course;
			WHEN 'applied' THEN
				UPDATE "courses" SET "live_team_sizes" = "teamup_team_sizes_of"(course),
					"full_team_count" = "teamup_full_teams_of"(course)
				WHERE "id" = course;
			ELSE NULL;
		END CASE;
	END LOOP;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "teams_count_sizes"
	AFTER INSERT OR UPDATE OF "member_count", "max_size", "disbanded_at", "course_id" OR DELETE ON "teams"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "teams_count_sizes"();--> statement-breakpoint
UPDATE "courses" AS c SET "live_team_sizes" = "teamup_team_sizes_of"(c."id"),
	"full_team_count" = "teamup_full_teams_of"(c."id");
