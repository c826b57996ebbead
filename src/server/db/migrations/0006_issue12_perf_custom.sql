-- Performance (issue 12), hand-written and idempotent: re-appended after the merged schema's migrations.
-- 1. The expert proximity check walks a KNN-GiST index over ll_to_earth (docs/decisions/0104). The last term
--    of the predicate is always true for rows with coordinates; it is there so that only queries naming it
--    (the proximity check) can use this index, and the map and box queries keep their btree index.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expert_profiles_payable_earth_idx" ON "expert_profiles" USING gist (ll_to_earth("latitude", "longitude")) WHERE "stripe_onboarding_completed" = true and "stripe_account_status" = 'active' and "latitude" is not null and "longitude" is not null and ll_to_earth("latitude", "longitude") is not null;--> statement-breakpoint
-- 2. A version number of the expert map data: every statement that changes expert_profiles bumps it,
--    so each instance's map-locations cache knows its copy is stale (docs/decisions/0103).
CREATE SEQUENCE IF NOT EXISTS "expert_map_version_seq";--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_expert_map_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('expert_map_version_seq');
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "expert_profiles_map_version" ON "expert_profiles";--> statement-breakpoint
CREATE TRIGGER "expert_profiles_map_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "expert_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_expert_map_version();
