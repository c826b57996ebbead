ALTER TYPE "public"."task_status" ADD VALUE 'no_access_reported';--> statement-breakpoint
CREATE TABLE "no_access_reports" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"expert_id" uuid,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"photos" jsonb NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"fee_due_at" timestamp with time zone NOT NULL,
	"contest_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "no_access_reports" ADD CONSTRAINT "no_access_reports_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_access_reports" ADD CONSTRAINT "no_access_reports_expert_id_profiles_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "no_access_reports_expert_idx" ON "no_access_reports" USING btree ("expert_id","created_at");