CREATE TABLE "application_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"proposed_by" text NOT NULL,
	"round" integer NOT NULL,
	"amount" integer NOT NULL,
	"previous_amount" integer NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"proposed_by" text NOT NULL,
	"proposer_id" uuid,
	"previous_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"authorization" text,
	"second_intent_id" text,
	"intent_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "application_offers" ADD CONSTRAINT "application_offers_application_id_task_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."task_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_offers" ADD CONSTRAINT "application_offers_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_price_changes" ADD CONSTRAINT "task_price_changes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_price_changes" ADD CONSTRAINT "task_price_changes_proposer_id_profiles_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_offers_application_idx" ON "application_offers" USING btree ("application_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "application_offers_round_unique" ON "application_offers" USING btree ("application_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "application_offers_one_pending" ON "application_offers" USING btree ("application_id") WHERE "application_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "task_price_changes_task_idx" ON "task_price_changes" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_price_changes_one_pending" ON "task_price_changes" USING btree ("task_id") WHERE "task_price_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "task_price_changes_second_intent_idx" ON "task_price_changes" USING btree ("second_intent_id");