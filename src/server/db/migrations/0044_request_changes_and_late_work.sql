-- Issue 50 (docs/decisions/0465): changes requested instead of a dispute (a task status, the
-- rounds and each file's delivery round) and late work (the expert's requests for more time).
ALTER TYPE "public"."task_status" ADD VALUE 'changes_requested';--> statement-breakpoint
CREATE TABLE "evidence_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"item_ids" text[] NOT NULL,
	"note" text NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"redelivered_at" timestamp with time zone,
	CONSTRAINT "evidence_change_requests_task_round_unique" UNIQUE("task_id","round")
);
--> statement-breakpoint
CREATE TABLE "task_extension_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"expert_id" uuid,
	"previous_due_at" timestamp with time zone,
	"requested_due_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "evidence_file_facts" ADD COLUMN "round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "evidence_change_requests" ADD CONSTRAINT "evidence_change_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_change_requests" ADD CONSTRAINT "evidence_change_requests_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_extension_requests" ADD CONSTRAINT "task_extension_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_extension_requests" ADD CONSTRAINT "task_extension_requests_expert_id_profiles_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_extension_requests_task_idx" ON "task_extension_requests" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_extension_requests_one_pending" ON "task_extension_requests" USING btree ("task_id") WHERE "task_extension_requests"."status" = 'pending';