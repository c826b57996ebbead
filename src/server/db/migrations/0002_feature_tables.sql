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
CREATE TABLE "local_verification_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"expert_id" text NOT NULL,
	"level" text NOT NULL,
	"status" text DEFAULT 'requires_input' NOT NULL,
	"return_url" text NOT NULL,
	"consented_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_verification_sessions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "phone_code_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"client_ip" text,
	"user_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD COLUMN "assignments_left_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD COLUMN "community_trusted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD COLUMN "background_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expert_verification_records" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "expert_verification_records" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "expert_verification_records" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "review_window_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "review_window_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_status_created_idx" ON "disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "disputes_task_idx" ON "disputes" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "local_verification_sessions_expert_idx" ON "local_verification_sessions" USING btree ("expert_id");--> statement-breakpoint
CREATE INDEX "phone_code_sends_number_sent_idx" ON "phone_code_sends" USING btree ("phone_number","sent_at");--> statement-breakpoint
CREATE INDEX "phone_code_sends_ip_sent_idx" ON "phone_code_sends" USING btree ("client_ip","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_verification_records_reference_unique" ON "expert_verification_records" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_verification_records_one_pending" ON "expert_verification_records" USING btree ("expert_id","verification_level") WHERE "expert_verification_records"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "profiles_fcm_token_idx" ON "profiles" USING btree ("fcm_token");--> statement-breakpoint
CREATE INDEX "client_flags_created_idx" ON "client_flags" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_rating_idx" ON "reviews" USING btree ("reviewee_id","rating");--> statement-breakpoint
CREATE INDEX "tasks_expert_ended_idx" ON "tasks" USING btree ("expert_id","status") WHERE "tasks"."status" in ('completed', 'verified', 'cancelled');--> statement-breakpoint
CREATE INDEX "tasks_created_status_idx" ON "tasks" USING btree ("created_at","status");--> statement-breakpoint
CREATE INDEX "tasks_hold_expiry_idx" ON "tasks" USING btree ("authorization_hold_expires_at") WHERE "tasks"."payment_status" = 'authorized';--> statement-breakpoint
CREATE INDEX "tasks_review_window_idx" ON "tasks" USING btree ("review_window_ends_at") WHERE "tasks"."status" = 'pending_approval';