-- Issue 47: money that survives a crash (docs/decisions/0440).
-- The local provider's "every intent of this task", read by the card step and the reconciler.
CREATE INDEX IF NOT EXISTS "local_payment_intents_task_idx" ON "local_payment_intents" USING btree (((metadata)::jsonb ->> 'task_id'));
--> statement-breakpoint
-- One row per reconciler run: what it checked, the drift it found, what it repaired and what it could not.
CREATE TABLE IF NOT EXISTS "payment_reconciliations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "started_at" timestamp with time zone NOT NULL,
  "finished_at" timestamp with time zone,
  "tasks_checked" integer DEFAULT 0 NOT NULL,
  "drift_found" integer DEFAULT 0 NOT NULL,
  "repaired" integer DEFAULT 0 NOT NULL,
  "unresolved" integer DEFAULT 0 NOT NULL,
  "findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "error" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_reconciliations_started_idx" ON "payment_reconciliations" USING btree ("started_at");
--> statement-breakpoint
-- The reconciler's scan: tasks whose payment calls changed lately.
CREATE INDEX IF NOT EXISTS "payment_actions_updated_idx" ON "payment_actions" USING btree ("updated_at");
--> statement-breakpoint
-- Tasks with money in flight (pending or authorized), the reconciler's other scan.
CREATE INDEX IF NOT EXISTS "tasks_money_in_flight_idx" ON "tasks" USING btree ("payment_status") WHERE payment_status in ('pending', 'authorized');
