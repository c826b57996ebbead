-- Issue 23, finding each other (docs/decisions/0260-0264), hand-written and idempotent.
-- 1. Double-blind reviews (0260): a client's review of the expert stays hidden until the expert has
--    reviewed the client or the 14-day window ends; hidden reviews count nowhere. Existing reviews
--    were already public: they stay visible (null).
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "hidden_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_hidden_until_idx" ON "reviews" USING btree ("hidden_until") WHERE "hidden_until" is not null;--> statement-breakpoint
-- 2. Moderation of reported reviews (0262): an admin hides or restores a review with a reason.
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "removed_reason" text;--> statement-breakpoint
ALTER TABLE "client_reviews" ADD COLUMN IF NOT EXISTS "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_reviews" ADD COLUMN IF NOT EXISTS "removed_reason" text;
