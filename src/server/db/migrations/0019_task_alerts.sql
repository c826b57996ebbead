CREATE TABLE IF NOT EXISTS "task_alert_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"enabled" boolean DEFAULT false NOT NULL,
	"radius_miles" integer DEFAULT 100 NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_budget" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "task_alert_settings_enabled_idx" ON "task_alert_settings" USING btree ("user_id") WHERE "task_alert_settings"."enabled" = true;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "task_alerts" (
	"expert_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"task_id" uuid NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
	"instant" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"digested_at" timestamp with time zone,
	CONSTRAINT "task_alerts_expert_id_task_id_pk" PRIMARY KEY("expert_id","task_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "task_alerts_expert_created_idx" ON "task_alerts" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "task_alerts_task_idx" ON "task_alerts" USING btree ("task_id");
