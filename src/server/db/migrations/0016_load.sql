-- Load test (issue 24, docs/performance.md): the expert map version is bumped only by statements that can
-- change the map's expert side (expert_map_cells' columns), not by every write to expert_profiles. Before,
-- each hire and each status change of an assigned task bumped it through the expert stats trigger
-- (assignments_left_count and the like), and every instance recomputed its map-locations answer for the
-- next visitor under a mixed load.
DROP TRIGGER IF EXISTS "expert_profiles_map_version" ON "expert_profiles";--> statement-breakpoint
CREATE TRIGGER "expert_profiles_map_version"
  AFTER INSERT OR DELETE OR TRUNCATE
    OR UPDATE OF "location", "latitude", "longitude", "stripe_onboarding_completed", "stripe_account_status"
  ON "expert_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_expert_map_version();
