-- Notifications read in one tab or device reach the user's other open streams (issue 14,
-- decisions 111 and 113): when rows' read_at changes, NOTIFY the users whose rows they are,
--   {"t":"r","u":[user ids]}   (at most 100 per payload)
-- and each process's hub sends those users' streams `event: unread` with the count now.
CREATE FUNCTION "teamup_notify_notifications_read"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('teamup_events', json_build_object('t', 'r', 'u', json_agg(r.user_id))::text)
  FROM (
    SELECT u.user_id, (row_number() OVER (ORDER BY u.user_id) - 1) / 100 AS chunk
    FROM (SELECT DISTINCT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.read_at IS DISTINCT FROM o.read_at) u) r
  GROUP BY r.chunk;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_notify_read" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "teamup_notify_notifications_read"();
