-- Issue 23, discovery (docs/decisions/0180-0185), hand-written and idempotent.
-- 1. The expert's task search reads the open tasks around a centre through a GiST index on
--    ll_to_earth (earth_box @> ...), like the proximity check's expert index (decision 0104).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_open_earth_idx" ON "tasks" USING gist (ll_to_earth("latitude", "longitude")) WHERE "status" = 'open';
