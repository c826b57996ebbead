-- Issue 23, invitations (docs/decisions/0330), hand-written and idempotent.
ALTER TABLE "expert_profiles" ADD COLUMN IF NOT EXISTS "accepts_invitations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "task_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
	"client_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"expert_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "task_invitations_task_expert_unique" ON "task_invitations" USING btree ("task_id","expert_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "task_invitations_client_created_idx" ON "task_invitations" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "task_invitations_expert_created_idx" ON "task_invitations" USING btree ("expert_id","created_at");
