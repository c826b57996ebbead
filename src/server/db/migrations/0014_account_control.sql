-- Account control (issue 22): two-factor sign-in, suspension, account deletion, session revocation
-- that reaches every instance. Idempotent where PostgreSQL allows it.
ALTER TABLE "auth_users" ADD COLUMN IF NOT EXISTS "two_factor_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN IF NOT EXISTS "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN IF NOT EXISTS "suspension_reason" text;
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "auth_two_factors" (
  "id" text PRIMARY KEY NOT NULL,
  "secret" text NOT NULL,
  "backup_codes" text NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "auth_users"("id") ON DELETE cascade,
  "verified" boolean DEFAULT true NOT NULL,
  "failed_verification_count" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auth_two_factors_user_id_idx" ON "auth_two_factors" USING btree ("user_id");
--> statement-breakpoint
-- A session deleted on any instance (sign-out elsewhere, revocation, suspension, deletion) is heard by
-- every instance: they drop their cached session reads and close that session's sockets at once.
DROP TRIGGER IF EXISTS auth_sessions_notify_table_changed ON auth_sessions;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_table_changed AFTER DELETE OR TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_changed();
--> statement-breakpoint
-- The few suspended accounts: the open-task lists skip their tasks with a probe of this index.
CREATE INDEX IF NOT EXISTS "auth_users_suspended_idx" ON "auth_users" USING btree ("id") WHERE "suspended_at" IS NOT NULL;
