CREATE TABLE "organization_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_identities" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_identities" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "lti_identities" ADD COLUMN "link_source" text DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_identities" ADD COLUMN "linked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_domains" ADD CONSTRAINT "organization_domains_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_domains" ADD CONSTRAINT "organization_domains_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_domains_organization_idx" ON "organization_domains" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_identities_id_idx" ON "lti_identities" USING btree ("id");--> statement-breakpoint
-- Issue 34 (decision 141): an LMS account linked to or unlinked from an account is told to its
-- owner by email at once.
CREATE OR REPLACE FUNCTION "teamup_email_default"(p_kind text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind IN ('JOIN_REQUEST_RECEIVED', 'JOIN_REQUEST_ACCEPTED',
    'JOIN_REQUEST_REJECTED', 'INVITATION_RECEIVED', 'REMOVED_FROM_TEAM', 'PLACED_IN_TEAM',
    'DEADLINE_SOON', 'WAITLIST_PROMOTED', 'TEAMLESS_REMINDER', 'SURVEY_OPENED', 'SURVEY_CLOSING',
    'SURVEY_REMINDER', 'LMS_ACCOUNT_LINKED', 'LMS_ACCOUNT_UNLINKED') THEN 'IMMEDIATE' ELSE 'DIGEST' END
$$;
