import type { TaskListItemDto } from '@shared/schemas/task-api';

/**
 * A task as the task lists answer it (`TaskListItemDto`): an open, unpaid task in Brooklyn with no
 * application. Tests of the web's lists override what they are about.
 */
export function createTaskListItem(overrides: Partial<TaskListItemDto> = {}): TaskListItemDto {
  return {
    id: 't1',
    title: 'Task number 1',
    description: 'Photograph the building',
    requirements: 'Photos of the building',
    category: 'property',
    urgency: 'low',
    budget: 5_000,
    due_date: null,
    location: 'Brooklyn',
    latitude: 40.6,
    longitude: -73.9,
    status: 'open',
    payment_status: 'unpaid',
    client_id: 'c1',
    expert_id: null,
    stripe_payment_intent_id: null,
    authorization_hold_expires_at: null,
    client_capture_authorized_at: null,
    completion_notes: null,
    evidence_file_count: 0,
    submitted_at: null,
    started_at: null,
    assigned_at: null,
    published_at: null,
    completed_at: null,
    cancelled_at: null,
    created_at: '2026-02-01T00:00:00.000Z',
    updated_at: '2026-02-01T00:00:00.000Z',
    application_count: 0,
    my_application_status: null,
    distance_miles: null,
    ...overrides,
  };
}
