-- The cancellation policy (issue 50, docs/decisions/0460, 0462): its numbers as admin settings, and
-- every cancel of a booking with its reason and call-out fee, for the task's timeline.
CREATE TABLE "task_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"actor_id" uuid,
	"expert_id" uuid,
	"party" text NOT NULL,
	"reason" text,
	"note" text,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"platform_fee_cents" integer DEFAULT 0 NOT NULL,
	"rule" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cancel_free_hours_before_start" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cancel_free_minutes_after_hire" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "callout_fee_percent" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "callout_fee_min_cents" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_cancellations" ADD CONSTRAINT "task_cancellations_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_cancellations" ADD CONSTRAINT "task_cancellations_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_cancellations" ADD CONSTRAINT "task_cancellations_expert_id_profiles_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_cancellations_task_idx" ON "task_cancellations" USING btree ("task_id","created_at");