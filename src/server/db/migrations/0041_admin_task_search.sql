-- The admin task list (issue 52) searches task titles case-insensitively anywhere in the text: a
-- trigram index serves that match, where the btree indexes on tasks cannot.
CREATE INDEX IF NOT EXISTS "tasks_title_trgm_idx" ON "tasks" USING gin ("title" gin_trgm_ops);
