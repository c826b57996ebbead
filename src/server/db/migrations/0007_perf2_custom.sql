-- Performance, second pass (issue 12), hand-written and idempotent.
-- The map-locations cells (docs/decisions/0103): payable, located experts grouped by place name and
-- 0.1-degree cell. The keys are exactly the GROUP BY expressions of map-aggregates.read.ts, so the
-- aggregate is a GroupAggregate over this index in key order (no hashing, and no per-row string
-- work: the name key is computed on write); the INCLUDE columns let it be an index-only scan.
-- The last term of the predicate is always true for rows with coordinates: it is there so that only
-- the map query, which names it, uses this index, and the proximity box reads keep their btree.
CREATE INDEX IF NOT EXISTS "expert_profiles_map_cells_idx" ON "expert_profiles" USING btree (
  lower(trim(split_part(coalesce("location", ''), ',', 1))),
  round("latitude" * 10),
  round("longitude" * 10)
) INCLUDE ("latitude", "longitude", "location")
  WHERE "stripe_onboarding_completed" = true and "stripe_account_status" = 'active' and "latitude" is not null and "longitude" is not null and round("latitude" * 10) is not null;
