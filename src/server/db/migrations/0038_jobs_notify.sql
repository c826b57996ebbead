-- A new job wakes the job runners at once (decision 0433): a row trigger on the jobs table sends a
-- bare "the jobs table changed" payload on the realtime channel for each inserted row, delivered at
-- commit (identical notifications of one transaction are folded into one; an INSERT ... ON CONFLICT
-- DO NOTHING that inserts nothing sends none). Every instance hears it through its change bus
-- (PostgreSQL LISTEN on its own connection, PGlite in process); the realtime hub ignores it (it names
-- no row). Idempotent.
CREATE OR REPLACE FUNCTION jobs_notify_enqueued() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('app_changes', '{"table":"jobs","op":"insert"}');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_notify_enqueued ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_notify_enqueued AFTER INSERT ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_notify_enqueued();
