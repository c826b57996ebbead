CREATE TABLE "application_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL,
	"paused_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid,
	"lift_reason" text
);
--> statement-breakpoint
CREATE TABLE "reliability_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" uuid,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_pauses" ADD CONSTRAINT "application_pauses_expert_id_profiles_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_pauses" ADD CONSTRAINT "application_pauses_lifted_by_profiles_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliability_events" ADD CONSTRAINT "reliability_events_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliability_events" ADD CONSTRAINT "reliability_events_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_pauses_expert_idx" ON "application_pauses" USING btree ("expert_id","paused_until" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "application_pauses_one_open_idx" ON "application_pauses" USING btree ("expert_id") WHERE lifted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reliability_events_user_created_idx" ON "reliability_events" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reliability_events_once_idx" ON "reliability_events" USING btree ("task_id","user_id","kind") WHERE task_id IS NOT NULL;