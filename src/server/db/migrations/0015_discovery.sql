-- Issue 23, discovery (docs/decisions/0180-0185), hand-written and idempotent.
-- 1. The expert's task search reads the open tasks around a centre through a GiST index on
--    ll_to_earth (earth_box @> ...), like the proximity check's expert index (decision 0104).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_open_earth_idx" ON "tasks" USING gist (ll_to_earth("latitude", "longitude")) WHERE "status" = 'open';
--> statement-breakpoint
-- 2. The waitlist (docs/decisions/0182).
CREATE TABLE IF NOT EXISTS "waitlist_entries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "client_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
  "location" text NOT NULL,
  "latitude" double precision NOT NULL,
  "longitude" double precision NOT NULL,
  "draft" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "notified_at" timestamp with time zone,
  "notified_expert_id" uuid REFERENCES "expert_profiles"("id") ON DELETE set null,
  "restored_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "waitlist_entries_waiting_unique" ON "waitlist_entries" USING btree ("client_id","location") WHERE "notified_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_entries_client_created_idx" ON "waitlist_entries" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_entries_waiting_location_idx" ON "waitlist_entries" USING btree ("location","created_at") WHERE "notified_at" is null;--> statement-breakpoint
-- The trigger finds the waiting entries near an expert through this index.
CREATE INDEX IF NOT EXISTS "waitlist_entries_waiting_earth_idx" ON "waitlist_entries" USING gist (ll_to_earth("latitude", "longitude")) WHERE "notified_at" is null;--> statement-breakpoint
-- When an expert becomes payable and located (onboarding completed, account active) or moves while
-- payable, each waiting entry within 100 miles by the product's haversine (R = 3958.8 mi) is marked
-- once (the conditional UPDATE ... WHERE notified_at is null: parallel arrivals notify once) and its
-- client gets a 'waitlist_expert_available' notification in the same transaction. Texts: see
-- src/shared/messages/discovery.ts (waitlistReadyTitle / waitlistReady); keep them equal.
CREATE OR REPLACE FUNCTION waitlist_on_expert_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_was boolean := false;
  v_is boolean;
BEGIN
  v_is := NEW.stripe_onboarding_completed AND NEW.stripe_account_status = 'active'
    AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL;
  IF NOT v_is THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' THEN
    v_was := OLD.stripe_onboarding_completed AND OLD.stripe_account_status = 'active'
      AND OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL
      AND OLD.latitude = NEW.latitude AND OLD.longitude = NEW.longitude;
  END IF;
  IF v_was THEN RETURN NEW; END IF;
  WITH ready AS (
    UPDATE waitlist_entries w
    SET notified_at = now(), notified_expert_id = NEW.id, updated_at = now()
    WHERE w.notified_at IS NULL
      AND earth_box(ll_to_earth(NEW.latitude, NEW.longitude), (100.0 / 3958.8) * 1.001 * earth())
        @> ll_to_earth(w.latitude, w.longitude)
      AND 2 * 3958.8::float8 * asin(least(1, sqrt(
            power(sin(radians(w.latitude - NEW.latitude) / 2), 2)
            + cos(radians(NEW.latitude)) * cos(radians(w.latitude))
              * power(sin(radians(w.longitude - NEW.longitude) / 2), 2)))) <= 100
    RETURNING w.id, w.client_id, w.location
  ), sent AS (
    INSERT INTO notifications (user_id, type, title, message, data)
    SELECT ready.client_id, 'waitlist_expert_available', 'An expert is now available',
      'An expert now serves ' || ready.location || '. Your task draft is ready to post.',
      jsonb_build_object('waitlist_entry_id', ready.id, 'location', ready.location)
    FROM ready
    RETURNING id, created_at
  )
  -- Its email and push deliveries, as enqueueDeliveries (src/server/notify/delivery-enqueue.ts) does
  -- for notifications written from code: same kinds, keys, attempts, due at once.
  INSERT INTO jobs (kind, key, payload, run_at, created_at, max_attempts)
  SELECT channel.kind, 'deliver:' || channel.name || ':' || sent.id, jsonb_build_object('notificationId', sent.id),
    to_timestamp(0), sent.created_at, 5
  FROM sent CROSS JOIN (VALUES ('email', 'deliver-email'), ('push', 'deliver-push')) AS channel(name, kind)
  ON CONFLICT (key) DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "waitlist_on_expert_change" ON "expert_profiles";--> statement-breakpoint
CREATE TRIGGER "waitlist_on_expert_change" AFTER INSERT OR UPDATE OF stripe_onboarding_completed, stripe_account_status, latitude, longitude ON "expert_profiles"
  FOR EACH ROW EXECUTE FUNCTION waitlist_on_expert_change();
--> statement-breakpoint
-- 3. Two-way reviews (docs/decisions/0183): the expert's review of the client, and reports of reviews.
CREATE TABLE IF NOT EXISTS "client_reviews" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "task_id" uuid NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
  "expert_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
  "client_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
  "rating" integer NOT NULL,
  "comment" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "client_reviews_task_unique" ON "client_reviews" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_reviews_client_created_idx" ON "client_reviews" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "review_reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "review_id" uuid NOT NULL,
  "review_kind" text NOT NULL,
  "reporter_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
  "reason" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "review_reports_review_reporter_unique" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_reports_created_idx" ON "review_reports" USING btree ("created_at");
