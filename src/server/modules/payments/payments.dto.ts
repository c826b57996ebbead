import type { TaskDto } from '@shared/schemas/task-api';
import type { TaskRow } from './payments.repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A task row as the API's TaskDto (the payment answers carry the task they changed). */
export function toTaskDto(row: TaskRow): TaskDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    requirements: row.requirements,
    category: row.category,
    urgency: row.urgency,
    budget: row.budget,
    due_date: iso(row.due_date),
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    status: row.status,
    payment_status: row.payment_status,
    client_id: row.client_id,
    expert_id: row.expert_id,
    stripe_payment_intent_id: row.stripe_payment_intent_id,
    authorization_hold_expires_at: iso(row.authorization_hold_expires_at),
    client_capture_authorized_at: iso(row.client_capture_authorized_at),
    completion_notes: row.completion_notes,
    evidence_file_count: row.evidence_files.length,
    submitted_at: iso(row.submitted_at),
    started_at: iso(row.started_at),
    assigned_at: iso(row.assigned_at),
    published_at: iso(row.published_at),
    completed_at: iso(row.completed_at),
    cancelled_at: iso(row.cancelled_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
