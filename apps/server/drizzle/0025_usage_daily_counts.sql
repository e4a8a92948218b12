-- System Analytics usage figures kept as rows change (issue 25, decision 129): per day of creation
-- (UTC), teams formed per course, CSV uploads per organization (count, failed, finished, rows
-- processed) and new users (everyone: the nil UUID). Statement triggers insert each statement's
-- net change as rows (insert-only: no row lock, so concurrent writers never wait on each other or
-- deadlock); a figure is the sum of its rows; the rollup job folds them (compactDailyCounts).
CREATE TABLE "analytics_daily_counts" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"csv_uploads" integer DEFAULT 0 NOT NULL,
	"csv_failed" integer DEFAULT 0 NOT NULL,
	"csv_finished" integer DEFAULT 0 NOT NULL,
	"csv_rows_processed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_teams" (
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"teams_formed" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_counts_day_idx" ON "analytics_daily_counts" USING btree ("day","organization_id");--> statement-breakpoint
CREATE INDEX "analytics_daily_teams_day_idx" ON "analytics_daily_teams" USING btree ("day","course_id");--> statement-breakpoint
CREATE FUNCTION "analytics_count_teams"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "analytics_daily_teams" ("course_id", "day", "teams_formed")
		SELECT n."course_id", (n."created_at" AT TIME ZONE 'UTC')::date, count(*)::int
		FROM new_rows AS n GROUP BY 1, 2;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "analytics_daily_teams" ("course_id", "day", "teams_formed")
		SELECT o."course_id", (o."created_at" AT TIME ZONE 'UTC')::date, -count(*)::int
		FROM old_rows AS o GROUP BY 1, 2;
	ELSE
		INSERT INTO "analytics_daily_teams" ("course_id", "day", "teams_formed")
		SELECT d.course_id, d.day, sum(d.n)::int FROM (
			SELECT n."course_id", (n."created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS n FROM new_rows AS n
			UNION ALL
			SELECT o."course_id", (o."created_at" AT TIME ZONE 'UTC')::date, -1 FROM old_rows AS o
		) AS d GROUP BY 1, 2 HAVING sum(d.n) <> 0;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_count_teams_insert" AFTER INSERT ON "teams"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_count_teams"();--> statement-breakpoint
CREATE TRIGGER "analytics_count_teams_update" AFTER UPDATE ON "teams"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "analytics_count_teams"();--> statement-breakpoint
CREATE TRIGGER "analytics_count_teams_delete" AFTER DELETE ON "teams"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_count_teams"();--> statement-breakpoint
CREATE FUNCTION "analytics_count_uploads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Each row's contribution, + for the new version and - for the old one, netted per statement.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "analytics_daily_counts" ("organization_id", "day", "csv_uploads", "csv_failed",
			"csv_finished", "csv_rows_processed")
		SELECT n."organization_id", (n."created_at" AT TIME ZONE 'UTC')::date, count(*),
			count(*) FILTER (WHERE n."status" = 'FAILED'),
			count(*) FILTER (WHERE n."status" IN ('COMPLETED', 'FAILED')), sum(n."processed_rows")
		FROM new_rows AS n GROUP BY 1, 2;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "analytics_daily_counts" ("organization_id", "day", "csv_uploads", "csv_failed",
			"csv_finished", "csv_rows_processed")
		SELECT o."organization_id", (o."created_at" AT TIME ZONE 'UTC')::date, -count(*),
			-count(*) FILTER (WHERE o."status" = 'FAILED'),
			-count(*) FILTER (WHERE o."status" IN ('COMPLETED', 'FAILED')), -sum(o."processed_rows")
		FROM old_rows AS o GROUP BY 1, 2;
	ELSE
		INSERT INTO "analytics_daily_counts" ("organization_id", "day", "csv_uploads", "csv_failed",
			"csv_finished", "csv_rows_processed")
		SELECT d.organization_id, d.day, sum(d.uploads), sum(d.failed), sum(d.finished), sum(d.processed)
		FROM (
			SELECT n."organization_id", (n."created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS uploads,
				(n."status" = 'FAILED')::int AS failed,
				(n."status" IN ('COMPLETED', 'FAILED'))::int AS finished, n."processed_rows"::bigint AS processed
			FROM new_rows AS n
			UNION ALL
			SELECT o."organization_id", (o."created_at" AT TIME ZONE 'UTC')::date, -1,
				-(o."status" = 'FAILED')::int, -(o."status" IN ('COMPLETED', 'FAILED'))::int,
				-o."processed_rows"::bigint
			FROM old_rows AS o
		) AS d GROUP BY 1, 2
		HAVING sum(d.uploads) <> 0 OR sum(d.failed) <> 0 OR sum(d.finished) <> 0 OR sum(d.processed) <> 0;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_count_uploads_insert" AFTER INSERT ON "csv_uploads"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_count_uploads"();--> statement-breakpoint
CREATE TRIGGER "analytics_count_uploads_update" AFTER UPDATE ON "csv_uploads"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "analytics_count_uploads"();--> statement-breakpoint
CREATE TRIGGER "analytics_count_uploads_delete" AFTER DELETE ON "csv_uploads"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_count_uploads"();--> statement-breakpoint
CREATE FUNCTION "analytics_count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "analytics_daily_counts" ("organization_id", "day", "new_users")
		SELECT '00000000-0000-0000-0000-000000000000'::uuid, (n."created_at" AT TIME ZONE 'UTC')::date,
			count(*)::int
		FROM new_rows AS n GROUP BY 2;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "analytics_daily_counts" ("organization_id", "day", "new_users")
		SELECT '00000000-0000-0000-0000-000000000000'::uuid, (o."created_at" AT TIME ZONE 'UTC')::date,
			-count(*)::int
		FROM old_rows AS o GROUP BY 2;
	ELSE
		-- Only a changed created_at moves a user between days (rare: most updates net to nothing).
		INSERT INTO "analytics_daily_counts" ("organization_id", "day", "new_users")
		SELECT '00000000-0000-0000-0000-000000000000'::uuid, d.day, sum(d.n)::int FROM (
			SELECT (n."created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS n
			FROM new_rows AS n JOIN old_rows AS o ON o."id" = n."id" WHERE o."created_at" <> n."created_at"
			UNION ALL
			SELECT (o."created_at" AT TIME ZONE 'UTC')::date, -1
			FROM new_rows AS n JOIN old_rows AS o ON o."id" = n."id" WHERE o."created_at" <> n."created_at"
		) AS d GROUP BY 2 HAVING sum(d.n) <> 0;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_count_users_insert" AFTER INSERT ON "users"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_count_users"();--> statement-breakpoint
CREATE TRIGGER "analytics_count_users_update" AFTER UPDATE ON "users"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "analytics_count_users"();--> statement-breakpoint
CREATE TRIGGER "analytics_count_users_delete" AFTER DELETE ON "users"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_count_users"();--> statement-breakpoint
-- The data written before this migration, one row per course or organization and day.
INSERT INTO "analytics_daily_teams" ("course_id", "day", "teams_formed")
SELECT t."course_id", (t."created_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "teams" AS t GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "analytics_daily_counts" ("organization_id", "day", "csv_uploads", "csv_failed",
	"csv_finished", "csv_rows_processed")
SELECT x."organization_id", (x."created_at" AT TIME ZONE 'UTC')::date, count(*),
	count(*) FILTER (WHERE x."status" = 'FAILED'),
	count(*) FILTER (WHERE x."status" IN ('COMPLETED', 'FAILED')), coalesce(sum(x."processed_rows"), 0)
FROM "csv_uploads" AS x GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "analytics_daily_counts" ("organization_id", "day", "new_users")
SELECT '00000000-0000-0000-0000-000000000000'::uuid, (u."created_at" AT TIME ZONE 'UTC')::date, count(*)::int
FROM "users" AS u GROUP BY 2;
