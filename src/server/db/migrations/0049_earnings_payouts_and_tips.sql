CREATE TABLE "local_balance_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"source_intent" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"net" integer NOT NULL,
	"refunded_seen" integer DEFAULT 0 NOT NULL,
	"available_on" timestamp with time zone NOT NULL,
	"payout_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_balance_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"expert_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"net" integer NOT NULL,
	"payment_intent_id" text,
	"payout_id" text,
	"available_on" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"expert_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"client_id" uuid,
	"expert_id" uuid,
	"amount" integer NOT NULL,
	"percent" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"client_key" text NOT NULL,
	"payment_intent_id" text,
	"failure_message" text,
	"captured_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expert_balance_transactions" ADD CONSTRAINT "expert_balance_transactions_expert_id_profiles_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_payouts" ADD CONSTRAINT "expert_payouts_expert_id_profiles_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_client_id_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_expert_id_profiles_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_balance_transactions_account_idx" ON "local_balance_transactions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "local_balance_transactions_intent_idx" ON "local_balance_transactions" USING btree ("source_intent");--> statement-breakpoint
CREATE INDEX "local_payouts_account_idx" ON "local_payouts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "expert_balance_transactions_expert_idx" ON "expert_balance_transactions" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE INDEX "expert_balance_transactions_intent_idx" ON "expert_balance_transactions" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "expert_payouts_expert_idx" ON "expert_payouts" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_task_live_unique" ON "tips" USING btree ("task_id") WHERE "tips"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "tips_task_client_key_unique" ON "tips" USING btree ("task_id","client_key");--> statement-breakpoint
CREATE INDEX "tips_client_idx" ON "tips" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "tips_expert_idx" ON "tips" USING btree ("expert_id","created_at");