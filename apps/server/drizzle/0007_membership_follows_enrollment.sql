-- Membership follows enrollment (issue 10, decision 081): a student without an ACTIVE,
-- not removed enrollment in a course takes no part in its teams. Since that change, removing
-- an enrollment or setting it INACTIVE takes the student out of their team; this fixes the
-- rows left in that state before it, with the rules of modules/teams/membership.ts:
--   1-2. their pending join requests and invitations are cancelled;
--   3-4. they leave their team and the team's member count is recounted;
--   5.   a leader who left hands leadership to the longest-standing remaining member;
--   6.   a team left empty is disbanded ("Last member left"), and
--   7-8. that team's pending join requests and invitations are cancelled.
-- Every change writes the audit entry the app writes for it, with actor_id NULL (the system
-- acted, not an admin) and data.migration naming this file; later statements find the rows
-- the earlier ones changed through those entries.
WITH "cancelled" AS (
	UPDATE "join_requests" AS jr
	SET "status" = 'CANCELLED', "decided_at" = now(), "reason" = 'No active enrollment in the course'
	WHERE jr."status" = 'PENDING'
		AND NOT EXISTS (
			SELECT 1 FROM "enrollments" AS e
			WHERE e."course_id" = jr."course_id" AND e."user_id" = jr."user_id"
				AND e."removed_at" IS NULL AND e."status" = 'ACTIVE'
		)
	RETURNING jr."id", jr."team_id", jr."course_id", jr."user_id"
)
INSERT INTO "audit_events" ("organization_id", "course_id", "team_id", "actor_id", "action", "target_user_id", "data")
SELECT c."organization_id", x."course_id", x."team_id", NULL, 'REQUEST_CANCELLED', x."user_id",
	jsonb_build_object('requestId', x."id"::text, 'reason', 'No active enrollment in the course', 'migration', '0007_membership_follows_enrollment')
FROM "cancelled" AS x INNER JOIN "courses" AS c ON c."id" = x."course_id";
--> statement-breakpoint
WITH "cancelled" AS (
	UPDATE "invitations" AS i
	SET "status" = 'CANCELLED', "decided_at" = now()
	WHERE i."status" = 'PENDING'
		AND NOT EXISTS (
			SELECT 1 FROM "enrollments" AS e
			WHERE e."course_id" = i."course_id" AND e."user_id" = i."invitee_id"
				AND e."removed_at" IS NULL AND e."status" = 'ACTIVE'
		)
	RETURNING i."id", i."team_id", i."course_id", i."invitee_id"
)
INSERT INTO "audit_events" ("organization_id", "course_id", "team_id", "actor_id", "action", "target_user_id", "data")
SELECT c."organization_id", x."course_id", x."team_id", NULL, 'INVITATION_CANCELLED', x."invitee_id",
	jsonb_build_object('invitationId', x."id"::text, 'reason', 'No active enrollment in the course', 'migration', '0007_membership_follows_enrollment')
FROM "cancelled" AS x INNER JOIN "courses" AS c ON c."id" = x."course_id";
--> statement-breakpoint
WITH "removed" AS (
	DELETE FROM "team_members" AS tm
	WHERE NOT EXISTS (
		SELECT 1 FROM "enrollments" AS e
		WHERE e."course_id" = tm."course_id" AND e."user_id" = tm."user_id"
			AND e."removed_at" IS NULL AND e."status" = 'ACTIVE'
	)
	RETURNING tm."team_id", tm."course_id", tm."user_id"
)
INSERT INTO "audit_events" ("organization_id", "course_id", "team_id", "actor_id", "action", "target_user_id", "data")
SELECT c."organization_id", r."course_id", r."team_id", NULL, 'MEMBER_REMOVED', r."user_id",
	jsonb_build_object('reason', 'No active enrollment in the course', 'migration', '0007_membership_follows_enrollment')
FROM "removed" AS r INNER JOIN "courses" AS c ON c."id" = r."course_id";
--> statement-breakpoint
UPDATE "teams" AS t
SET "member_count" = (SELECT count(*) FROM "team_members" AS tm WHERE tm."team_id" = t."id"), "updated_at" = now()
WHERE EXISTS (
	SELECT 1 FROM "audit_events" AS a
	WHERE a."team_id" = t."id" AND a."action" = 'MEMBER_REMOVED'
		AND a."data" ->> 'migration' = '0007_membership_follows_enrollment'
);
--> statement-breakpoint
WITH "successor" AS (
	SELECT t."id", t."course_id", t."leader_id" AS "from_id",
		(SELECT tm."user_id" FROM "team_members" AS tm WHERE tm."team_id" = t."id"
			ORDER BY tm."joined_at", tm."user_id" LIMIT 1) AS "to_id"
	FROM "teams" AS t
	WHERE t."disbanded_at" IS NULL AND t."member_count" > 0
		AND EXISTS (
			SELECT 1 FROM "audit_events" AS a
			WHERE a."team_id" = t."id" AND a."action" = 'MEMBER_REMOVED' AND a."target_user_id" = t."leader_id"
				AND a."data" ->> 'migration' = '0007_membership_follows_enrollment'
		)
), "changed" AS (
	UPDATE "teams" AS t SET "leader_id" = s."to_id", "updated_at" = now()
	FROM "successor" AS s WHERE t."id" = s."id"
	RETURNING t."id"
)
INSERT INTO "audit_events" ("organization_id", "course_id", "team_id", "actor_id", "action", "target_user_id", "data")
SELECT c."organization_id", s."course_id", s."id", NULL, 'LEADER_CHANGED', s."to_id",
	jsonb_build_object('from', s."from_id"::text, 'to', s."to_id"::text, 'migration', '0007_membership_follows_enrollment')
FROM "successor" AS s INNER JOIN "courses" AS c ON c."id" = s."course_id";
--> statement-breakpoint
WITH "emptied" AS (
	UPDATE "teams" AS t SET "disbanded_at" = now(), "updated_at" = now()
	WHERE t."disbanded_at" IS NULL AND t."member_count" = 0
		AND EXISTS (
			SELECT 1 FROM "audit_events" AS a
			WHERE a."team_id" = t."id" AND a."action" = 'MEMBER_REMOVED'
				AND a."data" ->> 'migration' = '0007_membership_follows_enrollment'
		)
	RETURNING t."id", t."course_id"
)
INSERT INTO "audit_events" ("organization_id", "course_id", "team_id", "actor_id", "action", "target_user_id", "data")
SELECT c."organization_id", x."course_id", x."id", NULL, 'TEAM_DISBANDED', NULL,
	jsonb_build_object('reason', 'Last member left', 'releasedMembers', '[]'::jsonb, 'migration', '0007_membership_follows_enrollment')
FROM "emptied" AS x INNER JOIN "courses" AS c ON c."id" = x."course_id";
--> statement-breakpoint
WITH "cancelled" AS (
	UPDATE "join_requests" AS jr
	SET "status" = 'CANCELLED', "decided_at" = now(), "reason" = 'The team was disbanded'
	WHERE jr."status" = 'PENDING'
		AND EXISTS (
			SELECT 1 FROM "audit_events" AS a
			WHERE a."team_id" = jr."team_id" AND a."action" = 'TEAM_DISBANDED'
				AND a."data" ->> 'migration' = '0007_membership_follows_enrollment'
		)
	RETURNING jr."id", jr."team_id", jr."course_id", jr."user_id"
)
INSERT INTO "audit_events" ("organization_id", "course_id", "team_id", "actor_id", "action", "target_user_id", "data")
SELECT c."organization_id", x."course_id", x."team_id", NULL, 'REQUEST_CANCELLED', x."user_id",
	jsonb_build_object('requestId', x."id"::text, 'reason', 'The team was disbanded', 'migration', '0007_membership_follows_enrollment')
FROM "cancelled" AS x INNER JOIN "courses" AS c ON c."id" = x."course_id";
--> statement-breakpoint
WITH "cancelled" AS (
	UPDATE "invitations" AS i
	SET "status" = 'CANCELLED', "decided_at" = now()
	WHERE i."status" = 'PENDING'
		AND EXISTS (
			SELECT 1 FROM "audit_events" AS a
			WHERE a."team_id" = i."team_id" AND a."action" = 'TEAM_DISBANDED'
				AND a."data" ->> 'migration' = '0007_membership_follows_enrollment'
		)
	RETURNING i."id", i."team_id", i."course_id", i."invitee_id"
)
INSERT INTO "audit_events" ("organization_id", "course_id", "team_id", "actor_id", "action", "target_user_id", "data")
SELECT c."organization_id", x."course_id", x."team_id", NULL, 'INVITATION_CANCELLED', x."invitee_id",
	jsonb_build_object('invitationId', x."id"::text, 'reason', 'The team was disbanded', 'migration', '0007_membership_follows_enrollment')
FROM "cancelled" AS x INNER JOIN "courses" AS c ON c."id" = x."course_id";
