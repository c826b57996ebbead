import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
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
    time_zone: 'America/New_York',
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

/**
 * The signed-in expert's own profile (`MyExpertProfileDto`): verified, with a document on file, the
 * payment terms accepted and payments set up. Tests override what they are about.
 */
export function createMyExpertProfile(overrides: Partial<MyExpertProfileDto> = {}): MyExpertProfileDto {
  return {
    id: 'u1',
    profile_id: 'u1',
    bio: 'Bio',
    expertise: ['Apartments'],
    location: 'Brooklyn',
    latitude: 40.6,
    longitude: -73.9,
    document_path: '/api/experts/u1/document',
    verification_status: 'verified',
    stripe_account_id: 'acct_1',
    stripe_onboarding_completed: true,
    stripe_account_status: 'active',
    lpca_terms_accepted: true,
    lpca_terms_accepted_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    is_verified: true,
    status_text: 'Verified Expert',
    payment_setup_state: 'complete_active',
    application_submitted: true,
    ...overrides,
  };
}
