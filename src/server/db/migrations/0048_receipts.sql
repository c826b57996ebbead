CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"task_id" uuid,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"platform_fee" integer NOT NULL,
	"task_title" text NOT NULL,
	"expert_name" text NOT NULL,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipts_source_key_unique" UNIQUE("source_key")
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_client_id_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_client_created_idx" ON "receipts" USING btree ("client_id","created_at" DESC NULLS LAST);