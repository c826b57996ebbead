-- Issue 49, appointments (docs/decisions/0420-0423), hand-written and idempotent. The appointments module owns
-- these tables: the agreed window of a task and its on-site contact, the proposals (a party's one to three
-- windows, a counter, a reschedule) and the timeline of every proposal, answer and change.
CREATE TABLE IF NOT EXISTS "task_appointments" (
	"task_id" uuid PRIMARY KEY NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
	"agreed_start" timestamp with time zone,
	"agreed_end" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"onsite_name" text,
	"onsite_email" text,
	"onsite_phone" text,
	"onsite_token_version" integer DEFAULT 0 NOT NULL,
	"onsite_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "task_appointments_agreed_start_idx" ON "task_appointments" USING btree ("agreed_start") WHERE "agreed_start" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "appointment_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
	"proposed_by" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"party" text NOT NULL,
	"kind" text NOT NULL,
	"windows" jsonb NOT NULL,
	"reason" text,
	"late" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "appointment_proposals_one_pending" ON "appointment_proposals" USING btree ("task_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointment_proposals_task_created_idx" ON "appointment_proposals" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "appointment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"task_id" uuid NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
	"party" text NOT NULL,
	"kind" text NOT NULL,
	"proposal_id" uuid REFERENCES "appointment_proposals"("id") ON DELETE set null,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"reason" text,
	"late" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointment_events_task_seq_idx" ON "appointment_events" USING btree ("task_id","seq");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
