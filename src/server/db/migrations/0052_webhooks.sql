CREATE TABLE "outbound_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"task_id" uuid,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_events" ADD CONSTRAINT "outbound_events_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_outbound_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbound_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_events_created_idx" ON "outbound_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","seq") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_seq_idx" ON "webhook_deliveries" USING btree ("endpoint_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" USING btree ("user_id") WHERE "webhook_endpoints"."disabled_at" is null;
--> statement-breakpoint
-- Outbound webhook events (issue 54, docs/decisions/0473). Row triggers write an event, its deliveries
-- and the job that prepares its body, in the transaction of the change the event announces: every path
-- that creates, assigns, completes or cancels a task (there are many) is covered, and a crash loses
-- neither the change nor its event. A client without an enabled endpoint for the event type costs
-- one index probe (webhook_endpoints_user_idx) and writes nothing.
CREATE OR REPLACE FUNCTION webhook_event(p_user uuid, p_type text, p_kind text, p_subject uuid, p_task uuid) RETURNS void AS $$
DECLARE
  v_event uuid;
BEGIN
  IF p_user IS NULL OR p_type IS NULL THEN
    RETURN;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM webhook_endpoints e WHERE e.user_id = p_user AND e.disabled_at IS NULL AND p_type = ANY (e.events)
  ) THEN
    RETURN;
  END IF;
  INSERT INTO outbound_events (user_id, type, subject_kind, subject_id, task_id)
    VALUES (p_user, p_type, p_kind, p_subject, p_task)
    RETURNING id INTO v_event;
  -- Queued here, with the change: each endpoint's queue follows the order the changes committed in,
  -- whatever order the events' bodies are prepared in.
  INSERT INTO webhook_deliveries (endpoint_id, event_id, created_at)
    SELECT e.id, v_event, now() FROM webhook_endpoints e
    WHERE e.user_id = p_user AND e.disabled_at IS NULL AND p_type = ANY (e.events)
    ORDER BY e.id;
  INSERT INTO jobs (kind, key, payload, run_at, created_at, max_attempts)
    VALUES ('webhook_prepare', 'webhook_prepare:' || v_event, jsonb_build_object('event_id', v_event), now(), now(), 10);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_task_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_event(NEW.client_id, 'task.created', 'task', NEW.id, NEW.id);
  ELSE
    PERFORM webhook_event(
      NEW.client_id,
      CASE NEW.status
        WHEN 'assigned' THEN 'task.assigned'
        WHEN 'pending_approval' THEN 'evidence.submitted'
        WHEN 'verified' THEN 'task.completed'
        WHEN 'cancelled' THEN 'task.cancelled'
      END,
      'task', NEW.id, NEW.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_task_inserted ON tasks;
--> statement-breakpoint
CREATE TRIGGER webhook_task_inserted AFTER INSERT ON tasks
  FOR EACH ROW EXECUTE FUNCTION webhook_task_events();
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_task_status ON tasks;
--> statement-breakpoint
CREATE TRIGGER webhook_task_status AFTER UPDATE OF status ON tasks
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('assigned', 'pending_approval', 'verified', 'cancelled'))
  EXECUTE FUNCTION webhook_task_events();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_application_received() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_event((SELECT t.client_id FROM tasks t WHERE t.id = NEW.task_id), 'application.received', 'application', NEW.id, NEW.task_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_application_received ON task_applications;
--> statement-breakpoint
CREATE TRIGGER webhook_application_received AFTER INSERT ON task_applications
  FOR EACH ROW EXECUTE FUNCTION webhook_application_received();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_appointment_agreed() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_event((SELECT t.client_id FROM tasks t WHERE t.id = NEW.task_id), 'appointment.agreed', 'appointment', NEW.task_id, NEW.task_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_appointment_agreed_insert ON task_appointments;
--> statement-breakpoint
CREATE TRIGGER webhook_appointment_agreed_insert AFTER INSERT ON task_appointments
  FOR EACH ROW WHEN (NEW.agreed_start IS NOT NULL)
  EXECUTE FUNCTION webhook_appointment_agreed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_appointment_agreed_update ON task_appointments;
--> statement-breakpoint
CREATE TRIGGER webhook_appointment_agreed_update AFTER UPDATE OF agreed_start, agreed_end ON task_appointments
  FOR EACH ROW
  WHEN (NEW.agreed_start IS NOT NULL AND (OLD.agreed_start IS DISTINCT FROM NEW.agreed_start OR OLD.agreed_end IS DISTINCT FROM NEW.agreed_end))
  EXECUTE FUNCTION webhook_appointment_agreed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_report_issued() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_event(NEW.client_id, 'report.issued', 'report', NEW.id, NEW.task_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_report_issued ON inspection_reports;
--> statement-breakpoint
CREATE TRIGGER webhook_report_issued AFTER INSERT ON inspection_reports
  FOR EACH ROW EXECUTE FUNCTION webhook_report_issued();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_receipt_issued() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_event(
    NEW.client_id,
    CASE WHEN NEW.kind = 'refund' THEN 'payment.refunded' ELSE 'payment.captured' END,
    'receipt', NEW.id, NEW.task_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_receipt_issued ON receipts;
--> statement-breakpoint
CREATE TRIGGER webhook_receipt_issued AFTER INSERT ON receipts
  FOR EACH ROW EXECUTE FUNCTION webhook_receipt_issued();
