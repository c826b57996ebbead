-- Issue 55: an account changed on one instance (two-factor sign-in turned off, a new email or name, a
-- suspension) is heard by every instance as one notice naming the account, so each drops its cached
-- session reads of that user at once. Cached reads then live a minute while the bus is live instead
-- of 5 s (decision 0100's addendum). Only a real change notifies: Better Auth's writes that leave the
-- row as it was send nothing. The notice is a bare one ({table, key}): no realtime event.
CREATE OR REPLACE FUNCTION auth_users_notify_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('app_changes', jsonb_build_object('table', 'auth_users', 'key', NEW.id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS auth_users_notify_changed ON auth_users;
--> statement-breakpoint
CREATE TRIGGER auth_users_notify_changed AFTER UPDATE ON auth_users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION auth_users_notify_changed();
