-- Issue 25 (docs/decisions/0271): saving the system settings (maintenance mode above all) sends the
-- bare "table changed" payload of 0008 on the realtime channel, so the hub of every instance tells
-- its open pages to refetch the public settings. Idempotent (re-runnable).
DROP TRIGGER IF EXISTS system_settings_notify_table_changed ON system_settings;
--> statement-breakpoint
CREATE TRIGGER system_settings_notify_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON system_settings
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_changed();
