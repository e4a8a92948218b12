-- The community directory's organization-visibility branch (issue 12) looked for students with
-- profile_visibility = 'ORGANIZATION' by reading every user. This partial index holds only those
-- students, usually few, so the branch starts from them.
CREATE INDEX "users_organization_visible_idx" ON "users" USING btree ("id") WHERE "users"."profile_visibility" = 'ORGANIZATION';