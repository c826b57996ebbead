-- Expert response time and success rate from real events (docs/decisions/0080-expert-response-time-and-success-rate.md).
-- Idempotent: the lead re-appends this file after regenerating the schema migrations.

-- Average minutes from a task's publication to this expert's application (never negative).
CREATE OR REPLACE FUNCTION expert_refresh_response_time(p_expert uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_expert IS NULL THEN RETURN; END IF;
  UPDATE expert_profiles
  SET avg_response_time_mins = (
    SELECT round(avg(greatest(0, extract(epoch FROM (a.created_at - coalesce(t.published_at, t.created_at))) / 60)))::int
    FROM task_applications a
    JOIN tasks t ON t.id = a.task_id
    WHERE a.expert_id = p_expert
  )
  WHERE id = p_expert;
END;
$$;
--> statement-breakpoint
-- Finished tasks over the tasks the expert was hired for that have ended: finished, cancelled while
-- assigned to them, or left by them (declined or abandoned). Tasks still under way do not count.
CREATE OR REPLACE FUNCTION expert_refresh_success_rate(p_expert uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_finished int;
  v_cancelled int;
BEGIN
  IF p_expert IS NULL THEN RETURN; END IF;
  SELECT count(*) FILTER (WHERE status IN ('completed', 'verified')), count(*) FILTER (WHERE status = 'cancelled')
  INTO v_finished, v_cancelled
  FROM tasks
  WHERE expert_id = p_expert AND status IN ('completed', 'verified', 'cancelled');
  UPDATE expert_profiles
  SET success_rate = CASE
    WHEN v_finished + v_cancelled + assignments_left_count = 0 THEN NULL
    ELSE round(100.0 * v_finished / (v_finished + v_cancelled + assignments_left_count), 2)
  END
  WHERE id = p_expert;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expert_stats_on_application() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM expert_refresh_response_time(NEW.expert_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expert_stats_on_task() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.expert_id IS NOT DISTINCT FROM OLD.expert_id THEN
      RETURN NULL;
    END IF;
    -- A hired expert who leaves (decline, abandon) reopens the task without them.
    IF OLD.expert_id IS NOT NULL AND NEW.expert_id IS DISTINCT FROM OLD.expert_id
       AND OLD.status IN ('assigned', 'in_progress', 'pending_approval') THEN
      UPDATE expert_profiles SET assignments_left_count = assignments_left_count + 1 WHERE id = OLD.expert_id;
    END IF;
    IF OLD.expert_id IS DISTINCT FROM NEW.expert_id THEN
      PERFORM expert_refresh_success_rate(OLD.expert_id);
    END IF;
  END IF;
  PERFORM expert_refresh_success_rate(NEW.expert_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS expert_stats_application_insert ON task_applications;
--> statement-breakpoint
CREATE TRIGGER expert_stats_application_insert AFTER INSERT ON task_applications
FOR EACH ROW EXECUTE FUNCTION expert_stats_on_application();
--> statement-breakpoint
DROP TRIGGER IF EXISTS expert_stats_task_change ON tasks;
--> statement-breakpoint
CREATE TRIGGER expert_stats_task_change AFTER INSERT OR UPDATE OF status, expert_id ON tasks
FOR EACH ROW EXECUTE FUNCTION expert_stats_on_task();
