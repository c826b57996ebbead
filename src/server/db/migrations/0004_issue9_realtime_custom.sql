-- Real-time change events (issue 9). Every insert/update/delete on the tables below sends a small,
-- ids-only JSON payload on the channel "app_changes" with pg_notify, inside the transaction of the
-- change: PostgreSQL delivers it to listeners only when that transaction commits, and never when it
-- rolls back. The payload stays far below NOTIFY's 8 KB limit. Idempotent (re-runnable).
CREATE OR REPLACE FUNCTION app_notify_change() RETURNS trigger AS $$
DECLARE
  r record;
  payload jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  payload := jsonb_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', r.id);
  IF TG_TABLE_NAME = 'tasks' THEN
    payload := payload || jsonb_build_object('task_id', r.id, 'client_id', r.client_id,
      'expert_id', r.expert_id, 'status', r.status);
    IF TG_OP = 'UPDATE' AND OLD.expert_id IS DISTINCT FROM NEW.expert_id THEN
      payload := payload || jsonb_build_object('previous_expert_id', OLD.expert_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'task_applications' THEN
    payload := payload || jsonb_build_object('task_id', r.task_id, 'expert_id', r.expert_id, 'status', r.status);
  ELSIF TG_TABLE_NAME = 'messages' THEN
    payload := payload || jsonb_build_object('task_id', r.task_id, 'sender_id', r.sender_id,
      'receiver_id', r.receiver_id);
  ELSIF TG_TABLE_NAME = 'notifications' THEN
    payload := payload || jsonb_build_object('user_id', r.user_id, 'task_id', r.task_id);
  ELSIF TG_TABLE_NAME = 'expert_verification_records' THEN
    payload := payload || jsonb_build_object('expert_id', r.expert_id, 'status', r.status);
  END IF;
  PERFORM pg_notify('app_changes', payload::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tasks_notify_change ON tasks;
--> statement-breakpoint
CREATE TRIGGER tasks_notify_change AFTER INSERT OR UPDATE OR DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION app_notify_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_applications_notify_change ON task_applications;
--> statement-breakpoint
CREATE TRIGGER task_applications_notify_change AFTER INSERT OR UPDATE OR DELETE ON task_applications
  FOR EACH ROW EXECUTE FUNCTION app_notify_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_notify_change ON messages;
--> statement-breakpoint
CREATE TRIGGER messages_notify_change AFTER INSERT OR UPDATE ON messages
  FOR EACH ROW EXECUTE FUNCTION app_notify_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_notify_change ON notifications;
--> statement-breakpoint
CREATE TRIGGER notifications_notify_change AFTER INSERT OR UPDATE OF read ON notifications
  FOR EACH ROW EXECUTE FUNCTION app_notify_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS expert_verification_records_notify_change ON expert_verification_records;
--> statement-breakpoint
CREATE TRIGGER expert_verification_records_notify_change AFTER INSERT OR UPDATE ON expert_verification_records
  FOR EACH ROW EXECUTE FUNCTION app_notify_change();
--> statement-breakpoint
-- Rows written before push delivery existed are not pushed after an upgrade.
UPDATE notifications SET push_sent_at = created_at WHERE push_sent_at IS NULL AND created_at < now() - interval '10 minutes';
