-- Admin overview counters (issue 24, docs/performance.md, decision 0360): the overview counted whole tables
-- (tasks by status, profiles, hired tasks, expert verification, transaction sums), so its cost grew with the
-- marketplace. These two tables hold the same figures, kept exact by row triggers in the writing transaction:
-- admin_counts holds totals, admin_daily_counts holds the same keys per UTC day of created_at (for the
-- "last 7 days", the trend and the monthly revenue). A change INSERTS its deltas as new rows, and readers
-- sum them by key: writers never update a shared row, so they never wait on each other's row locks or
-- deadlock on them (one counter row per key would serialize every task write in the product).
-- compact_admin_counts(), run by the job runner about once a minute, folds the rows into one per key (and
-- day), so a read sums the last minute's writes plus one row per key, whatever the size of the tables.
CREATE TABLE "admin_counts" (
	"key" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "admin_counts_key_idx" ON "admin_counts" USING btree ("key");--> statement-breakpoint
CREATE TABLE "admin_daily_counts" (
	"key" text NOT NULL,
	"day" date NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "admin_daily_counts_key_day_idx" ON "admin_daily_counts" USING btree ("key", "day");--> statement-breakpoint
-- Records one row change's deltas: totals (day is null) and daily keys, summed per key, skipping zeros (an
-- update that moves nothing the overview counts writes nothing).
CREATE OR REPLACE FUNCTION admin_counts_apply(keys text[], days date[], deltas bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO admin_counts (key, n)
    SELECT k, sum(d) FROM unnest(keys, days, deltas) AS u(k, dy, d) WHERE dy IS NULL GROUP BY k HAVING sum(d) <> 0;
  INSERT INTO admin_daily_counts (key, day, n)
    SELECT k, dy, sum(d) FROM unnest(keys, days, deltas) AS u(k, dy, d) WHERE dy IS NOT NULL GROUP BY k, dy HAVING sum(d) <> 0;
$$;--> statement-breakpoint
-- Folds the delta rows into one row per key (and day). Concurrent writers are untouched: the DELETE takes
-- only the rows its snapshot sees, and a row inserted meanwhile stays for the next pass. Another instance
-- compacting at the same moment is skipped through the advisory lock.
CREATE OR REPLACE FUNCTION compact_admin_counts() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('compact_admin_counts')) THEN
    RETURN;
  END IF;
  WITH moved AS (DELETE FROM admin_counts RETURNING key, n)
  INSERT INTO admin_counts (key, n) SELECT key, sum(n) FROM moved GROUP BY key HAVING sum(n) <> 0;
  WITH moved AS (DELETE FROM admin_daily_counts RETURNING key, day, n)
  INSERT INTO admin_daily_counts (key, day, n) SELECT key, day, sum(n) FROM moved GROUP BY key, day HAVING sum(n) <> 0;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$ SELECT (at AT TIME ZONE 'UTC')::date $$;--> statement-breakpoint
-- tasks: status:<status>, hired (expert_id set), hired_done (and completed or verified); daily tasks.
CREATE OR REPLACE FUNCTION admin_counts_tasks() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  keys text[] := '{}';
  days date[] := '{}';
  deltas bigint[] := '{}';
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND (NEW.expert_id IS NULL) = (OLD.expert_id IS NULL)
     AND NEW.created_at = OLD.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    keys := keys || ARRAY['status:' || OLD.status::text, 'tasks'];
    days := days || ARRAY[NULL, admin_day(OLD.created_at)];
    deltas := deltas || ARRAY[-1, -1]::bigint[];
    IF OLD.expert_id IS NOT NULL THEN
      keys := keys || ARRAY['hired', 'hired_done'];
      days := days || ARRAY[NULL, NULL]::date[];
      deltas := deltas || ARRAY[-1, CASE WHEN OLD.status IN ('completed', 'verified') THEN -1 ELSE 0 END]::bigint[];
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    keys := keys || ARRAY['status:' || NEW.status::text, 'tasks'];
    days := days || ARRAY[NULL, admin_day(NEW.created_at)];
    deltas := deltas || ARRAY[1, 1]::bigint[];
    IF NEW.expert_id IS NOT NULL THEN
      keys := keys || ARRAY['hired', 'hired_done'];
      days := days || ARRAY[NULL, NULL]::date[];
      deltas := deltas || ARRAY[1, CASE WHEN NEW.status IN ('completed', 'verified') THEN 1 ELSE 0 END]::bigint[];
    END IF;
  END IF;
  PERFORM admin_counts_apply(keys, days, deltas);
  IF TG_OP = 'DELETE' THEN
    PERFORM admin_response_refresh(OLD.id);
  ELSIF TG_OP = 'UPDATE' AND NEW.created_at <> OLD.created_at THEN
    PERFORM admin_response_refresh(NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- profiles: profiles (total) and daily profiles.
CREATE OR REPLACE FUNCTION admin_counts_profiles() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM admin_counts_apply(ARRAY['profiles', 'profiles'], ARRAY[NULL, admin_day(OLD.created_at)], ARRAY[-1, -1]::bigint[]);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM admin_counts_apply(ARRAY['profiles', 'profiles'], ARRAY[NULL, admin_day(NEW.created_at)], ARRAY[1, 1]::bigint[]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- expert_profiles: verification:<verified|rejected|pending> (anything else counts as pending, as the overview did).
CREATE OR REPLACE FUNCTION admin_verification_key(status verification_status) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'verification:' || CASE WHEN status IN ('verified', 'rejected') THEN status::text ELSE 'pending' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_counts_experts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM admin_counts_apply(ARRAY[admin_verification_key(OLD.verification_status), admin_verification_key(NEW.verification_status)],
      ARRAY[NULL, NULL]::date[], ARRAY[-1, 1]::bigint[]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM admin_counts_apply(ARRAY[admin_verification_key(OLD.verification_status)], ARRAY[NULL]::date[], ARRAY[-1]::bigint[]);
  ELSE
    PERFORM admin_counts_apply(ARRAY[admin_verification_key(NEW.verification_status)], ARRAY[NULL]::date[], ARRAY[1]::bigint[]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- transactions: amount:<status> and fee:<status> sums, totals and daily.
CREATE OR REPLACE FUNCTION admin_counts_transactions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM admin_counts_apply(
      ARRAY['amount:' || OLD.status::text, 'fee:' || OLD.status::text, 'amount:' || OLD.status::text, 'fee:' || OLD.status::text],
      ARRAY[NULL, NULL, admin_day(OLD.created_at), admin_day(OLD.created_at)],
      ARRAY[-OLD.amount, -OLD.platform_fee, -OLD.amount, -OLD.platform_fee]::bigint[]);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM admin_counts_apply(
      ARRAY['amount:' || NEW.status::text, 'fee:' || NEW.status::text, 'amount:' || NEW.status::text, 'fee:' || NEW.status::text],
      ARRAY[NULL, NULL, admin_day(NEW.created_at), admin_day(NEW.created_at)],
      ARRAY[NEW.amount, NEW.platform_fee, NEW.amount, NEW.platform_fee]::bigint[]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The average response time (tasks' first application): each answered task's first application time,
-- and the daily counters response_us (microseconds from creation to first application) and responded,
-- keyed by the task's created day. admin_response_refresh recomputes one task, idempotently, from
-- whatever state the tables are in (also during a cascade delete, when the task is gone).
CREATE TABLE "admin_task_responses" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"first_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "admin_task_responses_created_idx" ON "admin_task_responses" USING btree ("created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_response_us(created timestamptz, first timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT (extract(epoch FROM (first - created)) * 1000000)::bigint $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_response_refresh(task uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  created timestamptz;
  first timestamptz;
  old_row admin_task_responses%ROWTYPE;
BEGIN
  -- The task's row lock serializes two writers of the same task's applications (READ COMMITTED: the
  -- statements below then see the other's committed rows).
  SELECT t.created_at INTO created FROM tasks t WHERE t.id = task FOR NO KEY UPDATE;
  IF created IS NOT NULL THEN
    SELECT min(a.created_at) INTO first FROM task_applications a WHERE a.task_id = task;
  END IF;
  SELECT * INTO old_row FROM admin_task_responses r WHERE r.task_id = task;
  IF old_row.task_id IS NOT NULL AND old_row.created_at = created AND old_row.first_at = first THEN
    RETURN;
  END IF;
  IF old_row.task_id IS NOT NULL THEN
    PERFORM admin_counts_apply(ARRAY['response_us', 'responded'],
      ARRAY[admin_day(old_row.created_at), admin_day(old_row.created_at)],
      ARRAY[-admin_response_us(old_row.created_at, old_row.first_at), -1]::bigint[]);
    DELETE FROM admin_task_responses r WHERE r.task_id = task;
  END IF;
  IF created IS NOT NULL AND first IS NOT NULL THEN
    INSERT INTO admin_task_responses (task_id, created_at, first_at) VALUES (task, created, first);
    PERFORM admin_counts_apply(ARRAY['response_us', 'responded'], ARRAY[admin_day(created), admin_day(created)],
      ARRAY[admin_response_us(created, first), 1]::bigint[]);
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_counts_applications() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM admin_response_refresh(OLD.task_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.task_id <> OLD.task_id) THEN
    PERFORM admin_response_refresh(NEW.task_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Recounts everything from the tables: the backfill below, and after a bulk load with triggers off
-- (session_replication_role = replica, as the bench and load seeds do).
CREATE OR REPLACE FUNCTION rebuild_admin_counts() RETURNS void
LANGUAGE sql AS $$
  LOCK TABLE tasks, profiles, expert_profiles, transactions, task_applications IN SHARE MODE;
  DELETE FROM admin_counts;
  DELETE FROM admin_daily_counts;
  DELETE FROM admin_task_responses;
  INSERT INTO admin_task_responses (task_id, created_at, first_at)
    SELECT t.id, t.created_at, min(a.created_at) FROM tasks t JOIN task_applications a ON a.task_id = t.id GROUP BY t.id;
  INSERT INTO admin_counts (key, n)
    SELECT 'status:' || status::text, count(*) FROM tasks GROUP BY status
    UNION ALL SELECT 'hired', count(*) FROM tasks WHERE expert_id IS NOT NULL
    UNION ALL SELECT 'hired_done', count(*) FROM tasks WHERE expert_id IS NOT NULL AND status IN ('completed', 'verified')
    UNION ALL SELECT 'profiles', count(*) FROM profiles
    UNION ALL SELECT admin_verification_key(verification_status), count(*) FROM expert_profiles GROUP BY 1
    UNION ALL SELECT 'amount:' || status::text, sum(amount) FROM transactions GROUP BY status
    UNION ALL SELECT 'fee:' || status::text, sum(platform_fee) FROM transactions GROUP BY status;
  INSERT INTO admin_daily_counts (key, day, n)
    SELECT 'tasks', admin_day(created_at), count(*) FROM tasks GROUP BY 2
    UNION ALL SELECT 'profiles', admin_day(created_at), count(*) FROM profiles GROUP BY 2
    UNION ALL SELECT 'amount:' || status::text, admin_day(created_at), sum(amount) FROM transactions GROUP BY 1, 2
    UNION ALL SELECT 'fee:' || status::text, admin_day(created_at), sum(platform_fee) FROM transactions GROUP BY 1, 2
    UNION ALL SELECT 'response_us', admin_day(created_at), sum(admin_response_us(created_at, first_at)) FROM admin_task_responses GROUP BY 2
    UNION ALL SELECT 'responded', admin_day(created_at), count(*) FROM admin_task_responses GROUP BY 2;
$$;--> statement-breakpoint
CREATE TRIGGER "tasks_admin_counts"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "expert_id", "created_at" ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION admin_counts_tasks();--> statement-breakpoint
CREATE TRIGGER "profiles_admin_counts"
  AFTER INSERT OR DELETE OR UPDATE OF "created_at" ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION admin_counts_profiles();--> statement-breakpoint
CREATE TRIGGER "expert_profiles_admin_counts"
  AFTER INSERT OR DELETE OR UPDATE OF "verification_status" ON "expert_profiles"
  FOR EACH ROW EXECUTE FUNCTION admin_counts_experts();--> statement-breakpoint
CREATE TRIGGER "task_applications_admin_counts"
  AFTER INSERT OR DELETE OR UPDATE OF "task_id", "created_at" ON "task_applications"
  FOR EACH ROW EXECUTE FUNCTION admin_counts_applications();--> statement-breakpoint
CREATE TRIGGER "transactions_admin_counts"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "amount", "platform_fee", "created_at" ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION admin_counts_transactions();--> statement-breakpoint
-- TRUNCATE skips row triggers: recount (the other tables' counts stay right).
CREATE OR REPLACE FUNCTION admin_counts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$ BEGIN PERFORM rebuild_admin_counts(); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER "tasks_admin_counts_truncate" AFTER TRUNCATE ON "tasks" FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_truncated();--> statement-breakpoint
CREATE TRIGGER "profiles_admin_counts_truncate" AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_truncated();--> statement-breakpoint
CREATE TRIGGER "expert_profiles_admin_counts_truncate" AFTER TRUNCATE ON "expert_profiles" FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_truncated();--> statement-breakpoint
CREATE TRIGGER "task_applications_admin_counts_truncate" AFTER TRUNCATE ON "task_applications" FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_truncated();--> statement-breakpoint
CREATE TRIGGER "transactions_admin_counts_truncate" AFTER TRUNCATE ON "transactions" FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_truncated();--> statement-breakpoint
SELECT rebuild_admin_counts();
