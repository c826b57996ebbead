ALTER TYPE "public"."task_status" ADD VALUE 'disputed';--> statement-breakpoint
ALTER TYPE "public"."task_status" ADD VALUE 'payment_lapsed';--> statement-breakpoint
ALTER TYPE "public"."transaction_status" ADD VALUE 'partially_refunded';--> statement-breakpoint
ALTER TYPE "public"."transaction_status" ADD VALUE 'voided';--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"opened_by" uuid NOT NULL,
	"reason" text NOT NULL,
	"request_changes" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"captured_amount" integer,
	"resolution_note" text,
	"resolved_by" uuid,
	"resubmitted_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "review_window_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "review_window_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_status_created_idx" ON "disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "disputes_task_idx" ON "disputes" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_hold_expiry_idx" ON "tasks" USING btree ("authorization_hold_expires_at") WHERE "tasks"."payment_status" = 'authorized';--> statement-breakpoint
CREATE INDEX "tasks_review_window_idx" ON "tasks" USING btree ("review_window_ends_at") WHERE "tasks"."status" = 'pending_approval';