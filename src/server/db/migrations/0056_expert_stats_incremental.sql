-- Issue 55: an expert's statistics kept without rereading their history, and written only when the
-- figure a profile shows changes (decision 0080's addendum).
--
-- Before, every application recomputed the expert's average response time over all their applications
-- and wrote it to expert_profiles, and every change of a task's status wrote the expert's success rate,
-- changed or not. Each such UPDATE also fired expert_profiles' statement-level "table changed" notice
-- (migration 0008), so every application anywhere ended every instance's cached task details.
--
-- Now the average is kept as a running total in expert_response_times (one row per expert, no notice of
-- its own): an application adds its minutes once, frozen at the moment it was sent, so a later change
-- to the task does not rewrite the expert's past answers, and an application withdrawn later (a role
-- switch) still counts as the answer it was. expert_profiles is written only when the rounded
-- average, or the success rate, really changes. Idempotent.
CREATE TABLE IF NOT EXISTS expert_response_times (
  expert_id uuid PRIMARY KEY REFERENCES expert_profiles(id) ON DELETE CASCADE,
  applications integer NOT NULL,
  total_minutes numeric NOT NULL
);
--> statement-breakpoint
-- The minutes from a task's publication (its creation when never published) to an application, never
-- negative: the measure of decision 0080.
CREATE OR REPLACE FUNCTION expert_response_minutes(p_applied timestamptz, p_task uuid) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT greatest(0, extract(epoch FROM (p_applied - coalesce(t.published_at, t.created_at))) / 60)
  FROM tasks t WHERE t.id = p_task
$$;
--> statement-breakpoint
-- Writes the shown average only when it differs: a statement that changes nothing still fires the
-- table's notice, so the UPDATE is not even run then.
CREATE OR REPLACE FUNCTION expert_show_response_time(p_expert uuid, p_minutes int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM expert_profiles WHERE id = p_expert AND avg_response_time_mins IS DISTINCT FROM p_minutes) THEN
    UPDATE expert_profiles SET avg_response_time_mins = p_minutes WHERE id = p_expert;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expert_stats_on_application() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_minutes numeric;
  v_count integer;
  v_total numeric;
BEGIN
  v_minutes := expert_response_minutes(NEW.created_at, NEW.task_id);
  IF v_minutes IS NULL THEN RETURN NULL; END IF;
  -- The row lock of the upsert orders two applications of the same expert: the second adds to the
  -- first's committed total, and reads the average the first wrote.
  INSERT INTO expert_response_times AS r (expert_id, applications, total_minutes)
  VALUES (NEW.expert_id, 1, v_minutes)
  ON CONFLICT (expert_id) DO UPDATE
    SET applications = r.applications + 1, total_minutes = r.total_minutes + EXCLUDED.total_minutes
  RETURNING r.applications, r.total_minutes INTO v_count, v_total;
  PERFORM expert_show_response_time(NEW.expert_id, round(v_total / v_count)::int);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every expert's total again from the applications there are (the backfill below, and after a bulk
-- load with triggers off: the load and bench seeds). Minutes are measured against the tasks as they
-- are now, as the old recount did.
CREATE OR REPLACE FUNCTION rebuild_expert_response_times() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE expert_response_times IN EXCLUSIVE MODE;
  DELETE FROM expert_response_times;
  INSERT INTO expert_response_times (expert_id, applications, total_minutes)
    SELECT a.expert_id, count(*), sum(greatest(0, extract(epoch FROM (a.created_at - coalesce(t.published_at, t.created_at))) / 60))
    FROM task_applications a
    JOIN tasks t ON t.id = a.task_id
    JOIN expert_profiles e ON e.id = a.expert_id
    GROUP BY a.expert_id;
  UPDATE expert_profiles e
  SET avg_response_time_mins = shown.minutes
  FROM (
    SELECT p.id, round(r.total_minutes / r.applications)::int AS minutes
    FROM expert_profiles p LEFT JOIN expert_response_times r ON r.expert_id = p.id
  ) shown
  WHERE e.id = shown.id AND e.avg_response_time_mins IS DISTINCT FROM shown.minutes;
END;
$$;
--> statement-breakpoint
-- The per-expert recount of migration 0005 has no caller left: rebuild_expert_response_times()
-- recounts every expert.
DROP FUNCTION IF EXISTS expert_refresh_response_time(uuid);
--> statement-breakpoint
-- The success rate as decision 0456 counts it, written only when it changes. The expert's row is
-- locked first, so that two task changes of the same expert count one after the other: the second
-- counts with the first's change committed (the UPDATE alone read the counts before its lock).
CREATE OR REPLACE FUNCTION expert_refresh_success_rate(p_expert uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_finished int;
  v_failed int;
  v_left int;
  v_current numeric;
  v_rate numeric;
BEGIN
  IF p_expert IS NULL THEN RETURN; END IF;
  SELECT assignments_left_count, success_rate INTO v_left, v_current
  FROM expert_profiles WHERE id = p_expert FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT
    count(*) FILTER (WHERE t.status IN ('completed', 'verified')),
    count(*) FILTER (WHERE t.status = 'cancelled' AND EXISTS (
      SELECT 1 FROM disputes d WHERE d.task_id = t.id AND d.resolution IN ('expert_accepted', 'refund')))
  INTO v_finished, v_failed
  FROM tasks t
  WHERE t.expert_id = p_expert AND t.status IN ('completed', 'verified', 'cancelled');
  v_rate := CASE
    WHEN v_finished + v_failed + v_left = 0 THEN NULL
    ELSE round(100.0 * v_finished / (v_finished + v_failed + v_left), 2)
  END;
  IF v_rate IS DISTINCT FROM v_current THEN
    UPDATE expert_profiles SET success_rate = v_rate WHERE id = p_expert;
  END IF;
END;
$$;
--> statement-breakpoint
-- TRUNCATE skips row triggers: the totals follow the applications that are left (none).
CREATE OR REPLACE FUNCTION expert_response_times_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$ BEGIN PERFORM rebuild_expert_response_times(); RETURN NULL; END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS expert_response_times_truncate ON task_applications;
--> statement-breakpoint
CREATE TRIGGER expert_response_times_truncate AFTER TRUNCATE ON task_applications
FOR EACH STATEMENT EXECUTE FUNCTION expert_response_times_truncated();
--> statement-breakpoint
SELECT rebuild_expert_response_times();
