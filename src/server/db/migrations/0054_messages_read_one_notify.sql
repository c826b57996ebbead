-- Issue 55: marking a chat read is one UPDATE of every unread message the receiver has in the task
-- (markTaskMessagesRead), and the row trigger of migration 0004 sent one change event per row: a chat
-- opened with 15 unread messages sent 15 NOTIFYs, each relayed by the bus and pushed to both parties'
-- sockets, where each one refetches the chat. Updates now send one event per statement and
-- conversation (task, sender, receiver), named by its newest updated message; the event's fields
-- are those of 0004, and its readers route by the task and the two parties only. An UPDATE that
-- changed no row sends nothing. Inserts keep the row trigger.
CREATE OR REPLACE FUNCTION messages_notify_updated() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('app_changes', jsonb_build_object('table', 'messages', 'op', 'update', 'id', u.id,
    'task_id', u.task_id, 'sender_id', u.sender_id, 'receiver_id', u.receiver_id)::text)
  FROM (
    SELECT DISTINCT ON (task_id, sender_id, receiver_id) id, task_id, sender_id, receiver_id
    FROM updated_rows
    ORDER BY task_id, sender_id, receiver_id, created_at DESC, seq DESC
  ) u;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_notify_change ON messages;
--> statement-breakpoint
CREATE TRIGGER messages_notify_change AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION app_notify_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_notify_updated ON messages;
--> statement-breakpoint
CREATE TRIGGER messages_notify_updated AFTER UPDATE ON messages
  REFERENCING NEW TABLE AS updated_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_notify_updated();
