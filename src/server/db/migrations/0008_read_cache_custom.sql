-- Read caches (docs/decisions/0107). The task-details read joins tables that have no realtime row
-- trigger: a statement-level trigger on each sends a bare "this table changed" payload on the
-- realtime channel, so that every instance drops the cached reads made before the change. The
-- realtime hub ignores these payloads (they name no row). TRUNCATE is covered for the realtime
-- tables too, which their row triggers miss. Idempotent (re-runnable).
CREATE OR REPLACE FUNCTION app_notify_table_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('app_changes', json_build_object('table', TG_TABLE_NAME, 'op', 'statement')::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_notify_table_changed ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_notify_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS expert_profiles_notify_table_changed ON expert_profiles;
--> statement-breakpoint
CREATE TRIGGER expert_profiles_notify_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON expert_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_notify_table_changed ON reviews;
--> statement-breakpoint
CREATE TRIGGER reviews_notify_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS transactions_notify_table_changed ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_notify_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_roles_notify_table_changed ON user_roles;
--> statement-breakpoint
CREATE TRIGGER user_roles_notify_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tasks_notify_truncate ON tasks;
--> statement-breakpoint
CREATE TRIGGER tasks_notify_truncate AFTER TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_applications_notify_truncate ON task_applications;
--> statement-breakpoint
CREATE TRIGGER task_applications_notify_truncate AFTER TRUNCATE ON task_applications
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_changed();
