-- One client report per expert per task (docs/decisions/0065). Repeated reports made before this rule
-- are folded into the first one (the earliest row stays), then a unique index keeps it so.
DELETE FROM "client_flags" AS later
USING "client_flags" AS earlier
WHERE later."task_id" = earlier."task_id"
  AND later."expert_id" = earlier."expert_id"
  AND (later."created_at", later."id") > (earlier."created_at", earlier."id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "client_flags_task_expert_unique" ON "client_flags" USING btree ("task_id", "expert_id");
