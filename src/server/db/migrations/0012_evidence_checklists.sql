ALTER TABLE "tasks" ADD COLUMN "checklist" jsonb;--> statement-breakpoint
CREATE TABLE "evidence_file_facts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_id" text,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"captured_at" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"device" text,
	"duration_seconds" double precision,
	"raw_metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"pdf_key" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"file_hashes" text[] NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "inspection_reports_task_id_unique" UNIQUE("task_id")
);
--> statement-breakpoint
ALTER TABLE "evidence_file_facts" ADD CONSTRAINT "evidence_file_facts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_client_id_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_file_facts_task_idx" ON "evidence_file_facts" USING btree ("task_id","position");--> statement-breakpoint
CREATE INDEX "evidence_file_facts_sha256_idx" ON "evidence_file_facts" USING btree ("sha256");
