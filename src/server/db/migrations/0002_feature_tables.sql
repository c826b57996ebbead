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
ALTER TABLE "expert_profiles" ADD COLUMN "assignments_left_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD COLUMN "community_trusted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD COLUMN "background_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expert_verification_records" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "expert_verification_records" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "expert_verification_records" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "local_verification_sessions_expert_idx" ON "local_verification_sessions" USING btree ("expert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_verification_records_reference_unique" ON "expert_verification_records" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_verification_records_one_pending" ON "expert_verification_records" USING btree ("expert_id","verification_level") WHERE "expert_verification_records"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "profiles_fcm_token_idx" ON "profiles" USING btree ("fcm_token");--> statement-breakpoint
CREATE INDEX "client_flags_created_idx" ON "client_flags" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_rating_idx" ON "reviews" USING btree ("reviewee_id","rating");--> statement-breakpoint
CREATE INDEX "tasks_expert_ended_idx" ON "tasks" USING btree ("expert_id","status") WHERE "tasks"."status" in ('completed', 'verified', 'cancelled');--> statement-breakpoint
CREATE INDEX "tasks_created_status_idx" ON "tasks" USING btree ("created_at","status");