-- The expert task list walks open tasks newest first and stops after the page (openTasksPageQuery).
-- Through tasks_created_at_idx it read tasks of every status and sorted each run of equal created_at
-- by id: 24,001 rows for a page of 50 on the load test's data (issue 55). This partial index is in
-- the walk's own order, and carries the columns its filters read, so the walk is an index-only scan.
CREATE INDEX "tasks_open_created_idx" ON "tasks" USING btree ("created_at","id","client_id","latitude","longitude") WHERE "tasks"."status" = 'open';
