import { zoneOfTask } from '../../lib/task-time-zone';
import type {
  ApplicationDto,
  PersonDto,
  ReviewDto,
  TaskDto,
  TaskExpertDto,
  TransactionDto,
} from '@shared/schemas/task-api';
import type { ApplicationRow, ExpertProfileRow, ProfileRow, ReviewRow, TransactionRow } from './task-details.repository';
import type { TaskRow } from './tasks.repository';

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const isoRequired = (value: Date | string) => new Date(value).toISOString();
const numberOrNull = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/** The API's task: storage keys and the payment method id never leave the server. */
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
    time_zone: zoneOfTask(row),
    status: row.status,
    payment_status: row.payment_status,
    client_id: row.client_id,
    expert_id: row.expert_id,
    stripe_payment_intent_id: row.stripe_payment_intent_id,
    authorization_hold_expires_at: iso(row.authorization_hold_expires_at),
    client_capture_authorized_at: iso(row.client_capture_authorized_at),
    completion_notes: row.completion_notes,
    evidence_file_count: row.evidence_files.length,
    checklist: row.checklist ?? null,
    submitted_at: iso(row.submitted_at),
    started_at: iso(row.started_at),
    assigned_at: iso(row.assigned_at),
    published_at: iso(row.published_at),
    completed_at: iso(row.completed_at),
    cancelled_at: iso(row.cancelled_at),
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}

export function toPersonDto(row: ProfileRow): PersonDto {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    avatar_url: row.avatar_url,
    created_at: isoRequired(row.created_at),
  };
}

export function toTaskExpertDto(expert: ExpertProfileRow, person: ProfileRow): TaskExpertDto {
  return {
    id: expert.id,
    bio: expert.bio,
    expertise: expert.expertise,
    location: expert.location,
    avg_rating: numberOrNull(expert.avg_rating),
    avg_response_time_mins: numberOrNull(expert.avg_response_time_mins),
    success_rate: numberOrNull(expert.success_rate),
    verification_status: expert.verification_status,
    stripe_onboarding_completed: expert.stripe_onboarding_completed,
    stripe_account_status: expert.stripe_account_status,
    community_trusted: expert.community_trusted_at !== null,
    background_verified: expert.background_verified_at !== null,
    created_at: isoRequired(expert.created_at),
    profile: toPersonDto(person),
  };
}

export function toApplicationDto(
  application: ApplicationRow,
  expert: ExpertProfileRow,
  person: ProfileRow,
): ApplicationDto {
  return {
    id: application.id,
    task_id: application.task_id,
    expert_id: application.expert_id,
    status: application.status,
    proposed_rate: application.proposed_rate,
    notes: application.notes,
    created_at: isoRequired(application.created_at),
    expert: toTaskExpertDto(expert, person),
  };
}

export function toReviewDto(review: ReviewRow, reviewer: ProfileRow, taskTitle: string): ReviewDto {
  return {
    id: review.id,
    task_id: review.task_id,
    reviewee_id: review.reviewee_id,
    reviewer_id: review.reviewer_id,
    rating: review.rating,
    comment: review.comment,
    created_at: isoRequired(review.created_at),
    reviewer: toPersonDto(reviewer),
    task_title: taskTitle,
  };
}

export function toTransactionDto(row: TransactionRow): TransactionDto {
  return {
    id: row.id,
    task_id: row.task_id,
    amount: row.amount,
    platform_fee: row.platform_fee,
    platform_fee_percent: Number(row.platform_fee_percent),
    status: row.status,
    created_at: isoRequired(row.created_at),
  };
}
