CREATE INDEX "client_flags_created_idx" ON "client_flags" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tasks_created_status_idx" ON "tasks" USING btree ("created_at","status");