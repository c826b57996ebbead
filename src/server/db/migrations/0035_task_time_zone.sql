-- Issue 49 (docs/decisions/0420): each task stores its IANA time zone, looked up offline from its coordinates
-- when it is written. Rows older than the column are filled in by the job runner (tasks_time_zone_missing_idx
-- finds them without reading the table); until then readers look the zone up from the coordinates.
ALTER TABLE "tasks" ADD COLUMN IF NOT EXISTS "time_zone" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_time_zone_missing_idx" ON "tasks" USING btree ("created_at") WHERE "time_zone" IS NULL;
