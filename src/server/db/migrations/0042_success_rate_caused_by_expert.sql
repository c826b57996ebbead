-- The success rate counts against an expert only the outcomes the expert caused (issue 52, decision
-- 0456): a task they finished counts for them; a task they left (decline, abandon) or whose delivery
-- ended against them (they accepted the rejection, or an admin refunded the dispute in full) counts
-- against them. A cancellation by the client or by an admin, while the work was assigned or under
-- way, is not the expert's outcome and counts nowhere. Idempotent.
CREATE OR REPLACE FUNCTION expert_refresh_success_rate(p_expert uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_finished int;
  v_failed int;
BEGIN
  IF p_expert IS NULL THEN RETURN; END IF;
  SELECT
    count(*) FILTER (WHERE t.status IN ('completed', 'verified')),
    count(*) FILTER (WHERE t.status = 'cancelled' AND EXISTS (
      SELECT 1 FROM disputes d WHERE d.task_id = t.id AND d.resolution IN ('expert_accepted', 'refund')))
  INTO v_finished, v_failed
  FROM tasks t
  WHERE t.expert_id = p_expert AND t.status IN ('completed', 'verified', 'cancelled');
  UPDATE expert_profiles
  SET success_rate = CASE
    WHEN v_finished + v_failed + assignments_left_count = 0 THEN NULL
    ELSE round(100.0 * v_finished / (v_finished + v_failed + assignments_left_count), 2)
  END
  WHERE id = p_expert;
END;
$$;
--> statement-breakpoint
-- A ruling is written after the task's own change (the task turns cancelled first): the dispute's
-- resolution refreshes the rate again, so the order of the two writes does not matter.
CREATE OR REPLACE FUNCTION expert_stats_on_dispute() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM expert_refresh_success_rate((SELECT expert_id FROM tasks WHERE id = NEW.task_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS expert_stats_dispute_resolution ON disputes;
--> statement-breakpoint
CREATE TRIGGER expert_stats_dispute_resolution AFTER INSERT OR UPDATE OF resolution ON disputes
FOR EACH ROW EXECUTE FUNCTION expert_stats_on_dispute();
--> statement-breakpoint
-- Every expert's rate under the new rule.
SELECT expert_refresh_success_rate(id) FROM expert_profiles;
