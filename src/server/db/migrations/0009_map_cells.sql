-- The map-locations expert cells kept up to date (issue 12, docs/decisions/0103), hand-written and idempotent.
-- One row per place-name key, 0.1-degree cell and location text, for payable, located experts: how many
-- there are and the sums of their coordinates. The map groups these rows per cell (the smallest text is the
-- cell's label) instead of visiting every payable expert: 28,000 rows for 90,000 experts in the benchmark.
-- Row triggers on expert_profiles keep it: a change subtracts the expert from its old cell and adds it to
-- its new one with INSERT ... ON CONFLICT DO UPDATE increments, so concurrent writers never lose a count;
-- a row whose count reaches zero is deleted. The sums are float8 like the aggregate they replace (numeric
-- sums made the map's read four times slower on PGlite): subtracting a coordinate that was added leaves a
-- rounding difference of the order of 1e-12 degrees per change, far below the 0.01 degree the map publishes,
-- and rebuild_expert_map_cells() recomputes the table from scratch.
CREATE TABLE IF NOT EXISTS "expert_map_cells" (
  "name_key" text NOT NULL,
  "lat10" double precision NOT NULL,
  "lng10" double precision NOT NULL,
  "location" text NOT NULL,
  "experts" integer NOT NULL,
  "lat_sum" double precision NOT NULL,
  "lng_sum" double precision NOT NULL,
  CONSTRAINT "expert_map_cells_pkey" PRIMARY KEY ("name_key", "lat10", "lng10", "location")
);--> statement-breakpoint
-- Adds (p_sign = 1) or removes (p_sign = -1) one payable expert at this location text and position.
-- The key expressions are those of the 0007 index and of the aggregate they replace.
CREATE OR REPLACE FUNCTION expert_map_cells_apply(p_location text, p_latitude float8, p_longitude float8, p_sign int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_key text := lower(trim(split_part(coalesce(p_location, ''), ',', 1)));
  v_lat10 float8 := round(p_latitude * 10);
  v_lng10 float8 := round(p_longitude * 10);
  v_location text := coalesce(p_location, '');
  v_left int;
BEGIN
  IF p_sign > 0 THEN
    INSERT INTO expert_map_cells AS c (name_key, lat10, lng10, location, experts, lat_sum, lng_sum)
    VALUES (v_key, v_lat10, v_lng10, v_location, 1, p_latitude, p_longitude)
    ON CONFLICT (name_key, lat10, lng10, location) DO UPDATE
      SET experts = c.experts + 1, lat_sum = c.lat_sum + excluded.lat_sum, lng_sum = c.lng_sum + excluded.lng_sum;
  ELSE
    UPDATE expert_map_cells
    SET experts = experts - 1, lat_sum = lat_sum - p_latitude, lng_sum = lng_sum - p_longitude
    WHERE name_key = v_key AND lat10 = v_lat10 AND lng10 = v_lng10 AND location = v_location
    RETURNING experts INTO v_left;
    IF v_left IS NOT NULL AND v_left <= 0 THEN
      DELETE FROM expert_map_cells
      WHERE name_key = v_key AND lat10 = v_lat10 AND lng10 = v_lng10 AND location = v_location AND experts <= 0;
    END IF;
  END IF;
END;
$$;--> statement-breakpoint
-- The map's "payable" predicate (map-aggregates.read.ts): Stripe onboarding done, account active, located.
CREATE OR REPLACE FUNCTION expert_map_cells_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old boolean := false;
  v_new boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    v_old := OLD.stripe_onboarding_completed AND OLD.stripe_account_status = 'active'
      AND OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    v_new := NEW.stripe_onboarding_completed AND NEW.stripe_account_status = 'active'
      AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL;
  END IF;
  -- A move between two cells locks them in key order, so two experts moving the opposite way wait
  -- for each other instead of deadlocking.
  IF v_old AND v_new AND ROW(lower(trim(split_part(coalesce(NEW.location, ''), ',', 1))), round(NEW.latitude * 10), round(NEW.longitude * 10), coalesce(NEW.location, ''))
      < ROW(lower(trim(split_part(coalesce(OLD.location, ''), ',', 1))), round(OLD.latitude * 10), round(OLD.longitude * 10), coalesce(OLD.location, '')) THEN
    PERFORM expert_map_cells_apply(NEW.location, NEW.latitude, NEW.longitude, 1);
    PERFORM expert_map_cells_apply(OLD.location, OLD.latitude, OLD.longitude, -1);
  ELSE
    IF v_old THEN
      PERFORM expert_map_cells_apply(OLD.location, OLD.latitude, OLD.longitude, -1);
    END IF;
    IF v_new THEN
      PERFORM expert_map_cells_apply(NEW.location, NEW.latitude, NEW.longitude, 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION expert_map_cells_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM expert_map_cells;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "expert_profiles_map_cells_insert_delete" ON "expert_profiles";--> statement-breakpoint
CREATE TRIGGER "expert_profiles_map_cells_insert_delete" AFTER INSERT OR DELETE ON "expert_profiles"
  FOR EACH ROW EXECUTE FUNCTION expert_map_cells_on_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS "expert_profiles_map_cells_update" ON "expert_profiles";--> statement-breakpoint
CREATE TRIGGER "expert_profiles_map_cells_update"
  AFTER UPDATE OF "location", "latitude", "longitude", "stripe_onboarding_completed", "stripe_account_status" ON "expert_profiles"
  FOR EACH ROW
  WHEN (OLD."location" IS DISTINCT FROM NEW."location" OR OLD."latitude" IS DISTINCT FROM NEW."latitude"
    OR OLD."longitude" IS DISTINCT FROM NEW."longitude"
    OR OLD."stripe_onboarding_completed" IS DISTINCT FROM NEW."stripe_onboarding_completed"
    OR OLD."stripe_account_status" IS DISTINCT FROM NEW."stripe_account_status")
  EXECUTE FUNCTION expert_map_cells_on_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS "expert_profiles_map_cells_truncate" ON "expert_profiles";--> statement-breakpoint
CREATE TRIGGER "expert_profiles_map_cells_truncate" AFTER TRUNCATE ON "expert_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION expert_map_cells_on_truncate();--> statement-breakpoint
-- Recomputes the table from expert_profiles: the backfill below, and after a bulk load with triggers off
-- (session_replication_role = replica, as the benchmarks seed). Writers to expert_profiles wait meanwhile.
-- Bumps the map version so every instance's cached answer is recomputed. Returns the number of rows.
CREATE OR REPLACE FUNCTION rebuild_expert_map_cells() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  LOCK TABLE expert_profiles IN SHARE MODE;
  DELETE FROM expert_map_cells;
  INSERT INTO expert_map_cells (name_key, lat10, lng10, location, experts, lat_sum, lng_sum)
  SELECT lower(trim(split_part(coalesce(location, ''), ',', 1))), round(latitude * 10), round(longitude * 10),
         coalesce(location, ''), count(*), sum(latitude), sum(longitude)
  FROM expert_profiles
  WHERE stripe_onboarding_completed = true AND stripe_account_status = 'active'
    AND latitude IS NOT NULL AND longitude IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  PERFORM nextval('expert_map_version_seq');
  RETURN v_rows;
END;
$$;--> statement-breakpoint
SELECT rebuild_expert_map_cells();
