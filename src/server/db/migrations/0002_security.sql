ALTER TYPE "public"."transaction_status" ADD VALUE 'voided';--> statement-breakpoint
CREATE TABLE "phone_code_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"client_ip" text,
	"user_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "phone_code_sends_number_sent_idx" ON "phone_code_sends" USING btree ("phone_number","sent_at");--> statement-breakpoint
CREATE INDEX "phone_code_sends_ip_sent_idx" ON "phone_code_sends" USING btree ("client_ip","sent_at");