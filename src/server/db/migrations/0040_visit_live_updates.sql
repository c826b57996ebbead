-- The task page's Visit card updates live (issue 49): a change to a task's appointment or to one of
-- its proposals sends the task's own realtime event ("tasks", the task's id and parties), so every
-- subscriber of the task refetches it as it would for a change of the task row. Delivered at commit;
-- identical payloads of one transaction (the appointment and its proposal) are folded into one.
-- Idempotent.
CREATE OR REPLACE FUNCTION task_visit_notify_change() RETURNS trigger AS $$
DECLARE
  r record;
  t record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  SELECT id, client_id, expert_id, status INTO t FROM tasks WHERE id = r.task_id;
  IF t.id IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_notify('app_changes', jsonb_build_object('table', 'tasks', 'op', 'update', 'id', t.id,
    'task_id', t.id, 'client_id', t.client_id, 'expert_id', t.expert_id, 'status', t.status)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_appointments_notify_change ON task_appointments;
--> statement-breakpoint
CREATE TRIGGER task_appointments_notify_change AFTER INSERT OR UPDATE ON task_appointments
  FOR EACH ROW EXECUTE FUNCTION task_visit_notify_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_proposals_notify_change ON appointment_proposals;
--> statement-breakpoint
CREATE TRIGGER appointment_proposals_notify_change AFTER INSERT OR UPDATE ON appointment_proposals
  FOR EACH ROW EXECUTE FUNCTION task_visit_notify_change();
