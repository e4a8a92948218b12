-- System Analytics (issue 13, decision 109): the usage call's new users per week and teams formed
-- per day read users and teams by created_at within the range (the last 7, 30 or 90 days) instead
-- of every row; teams' index also holds the course, so the day's count joins courses without
-- visiting the table.
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "teams_created_at_idx" ON "teams" USING btree ("created_at","course_id");