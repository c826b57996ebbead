import type { ChecklistItem } from '../domain/checklist';
/**
 * The task API contract shared by the server and the web (issue "The life of a task").
 * Every amount is integer cents. Dates are ISO strings. All routes live under /api.
 *
 * Tasks
 *   POST   /tasks                                 createTaskSchema -> 201 { task: TaskDto, warnings: string[] }
 *   POST   /tasks/check-location                  proximityCheckSchema -> { ok: true } | 400 spec text
 *   GET    /tasks?scope=mine|available|applied|assigned&page&pageSize[&latitude&longitude]
 *                                                 -> TaskListDto (mine: the client's own tasks; available: open
 *                                                    tasks in the box around the point or the expert's location)
 *   GET    /tasks/:id                             -> { task: TaskDetailsDto }
 *   PATCH  /tasks/:id                             updateTaskSchema -> { task: TaskDto }
 *   POST   /tasks/:id/cancel                      -> { task: TaskDto, message }
 * Applications and assignment
 *   POST   /tasks/:id/applications                createApplicationSchema -> 201 { application: ApplicationDto }
 *   POST   /tasks/:id/applications/:appId/reject  -> { application: ApplicationDto }
 *   POST   /tasks/:id/assign                      assignExpertSchema -> { task: TaskDto, message }
 * The assigned expert
 *   POST   /tasks/:id/accept | /decline | /abandon -> { task: TaskDto, message }
 * Evidence
 *   POST   /tasks/:id/evidence                    multipart: completion_notes, files (1..n) -> { task: TaskDto }
 *   GET    /tasks/:id/evidence/:index             -> the file (the task's parties and admins only)
 *   POST   /tasks/:id/evidence/confirm            -> { task: TaskDto, message }  (captures the hold)
 *   POST   /tasks/:id/evidence/reject {reason, request_changes} -> { task: TaskDto, message }  (opens a dispute; modules/disputes)
 * Reviews and reports
 *   POST   /tasks/:id/review                      createReviewSchema -> 201 { review: ReviewDto, message }
 *   POST   /tasks/:id/report-client               clientReportSchema -> 201 { message }
 * Payments
 *   POST   /payments/intent                       createPaymentIntentSchema -> PaymentIntentDto
 *   POST   /payments/local/confirm                localCardSchema -> LocalCardResultDto (local provider only)
 *   POST   /payments/local/authenticate           { client_secret, approve } -> LocalCardResultDto (local only)
 *   POST   /payments/confirm                      confirmPaymentSchema -> { message, task: TaskDto }
 *   POST   /payments/capture                      capturePaymentSchema -> CaptureResultDto (retry after a failure)
 *   GET    /payments/intent-status?client_secret  -> { status } (what /stripe-return reads for the local provider)
 */
import type { TaskCapability } from '../domain/permissions';
import type { PaymentStatus, TaskStatus } from '../domain/task-status';

export type TaskCategory = 'general' | 'property' | 'vehicle';
export type TaskUrgency = 'low' | 'medium' | 'high';
export type ApplicationStatus = 'pending' | 'accepted' | 'rejected';
export type TransactionStatus =
  | 'pending'
  | 'authorized'
  | 'captured'
  | 'refunded'
  | 'failed'
  | 'partially_refunded'
  | 'voided';

export interface TaskDto {
  id: string;
  title: string;
  description: string;
  requirements: string;
  category: TaskCategory;
  urgency: TaskUrgency;
  /** Cents. */
  budget: number;
  due_date: string | null;
  location: string;
  latitude: number;
  longitude: number;
  /** The task's IANA time zone (issue 49). */
  time_zone: string;
  status: TaskStatus;
  payment_status: PaymentStatus;
  client_id: string;
  expert_id: string | null;
  stripe_payment_intent_id: string | null;
  authorization_hold_expires_at: string | null;
  client_capture_authorized_at: string | null;
  completion_notes: string | null;
  /** How many evidence files there are; each is read at /api/tasks/:id/evidence/:index. */
  evidence_file_count: number;
  /** The evidence checklist; null on tasks without one (free photo upload). */
  checklist?: ChecklistItem[] | null;
  submitted_at: string | null;
  started_at: string | null;
  assigned_at: string | null;
  published_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PersonDto {
  id: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  created_at: string;
}

export interface TaskExpertDto {
  id: string;
  bio: string;
  expertise: string[];
  location: string | null;
  avg_rating: number | null;
  avg_response_time_mins: number | null;
  success_rate: number | null;
  verification_status: 'pending' | 'verified' | 'rejected';
  stripe_onboarding_completed: boolean;
  stripe_account_status: 'pending' | 'active' | 'restricted';
  /** The trust badges the expert holds (docs/decisions/0081). */
  community_trusted: boolean;
  background_verified: boolean;
  created_at: string;
  profile: PersonDto;
}

export interface ApplicationDto {
  id: string;
  task_id: string;
  expert_id: string;
  status: ApplicationStatus;
  /** Cents. */
  proposed_rate: number;
  notes: string;
  created_at: string;
  expert: TaskExpertDto;
}

export interface ReviewDto {
  id: string;
  task_id: string;
  reviewee_id: string;
  reviewer_id: string;
  rating: number;
  comment: string;
  created_at: string;
  reviewer: PersonDto;
  task_title: string;
}

export interface TransactionDto {
  id: string;
  task_id: string;
  /** Cents. */
  amount: number;
  /** Cents. */
  platform_fee: number;
  /** The fee percent in force when the hold was made. */
  platform_fee_percent: number;
  status: TransactionStatus;
  created_at: string;
}

export interface TaskDetailsDto extends TaskDto {
  client: PersonDto;
  /** How many tasks the client has posted (shown to the assigned expert with the client's first name and member-since date). */
  client_tasks_posted: number;
  /**
   * The client's revealed reviews (issue 23), for experts other than the client and for admins; null for
   * everyone else. Sent with the task so that the page needs no second request.
   */
  client_rating?: { avg_rating: number | null; review_count: number } | null;
  expert: TaskExpertDto | null;
  /** Only for the owning client and admins; the caller's own application for an expert. */
  applications: ApplicationDto[];
  reviews: ReviewDto[];
  transactions: TransactionDto[];
  /** The hired expert's proposed rate, else the budget, else 0 (cents). */
  budget_figure: number;
  /** What the caller may do now, from the roles matrix evaluated on the server. */
  capabilities: TaskCapability[];
}

export interface TaskListItemDto extends TaskDto {
  application_count: number;
  /** For the expert lists: the caller's application status on this task, if any. */
  my_application_status: ApplicationStatus | null;
  /** The expert's applications list (scope=applied): the client's revealed rating (issue 23). */
  client_rating?: { avg_rating: number | null; review_count: number };
  /** Miles from the point the list was centred on, when it was. */
  distance_miles: number | null;
}

export interface TaskListDto {
  tasks: TaskListItemDto[];
  total: number;
  /** More tasks match than `total` (the available list counts at most 1,000 past the page's start): show "{total}+". */
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
}

export interface PaymentIntentDto {
  provider: 'stripe' | 'local';
  paymentIntentId: string;
  paymentIntentClientSecret: string;
  /** Cents. */
  amount: number;
  /** Cents. */
  platform_fee: number;
  currency: 'usd';
}

export interface LocalCardResultDto {
  status: 'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled' | 'processing';
  /** Set when the card was declined. */
  error?: string;
}

export interface CaptureResultDto {
  success: boolean;
  payment_intent_id: string | null;
  /** Cents. */
  amount_captured: number;
  error?: string;
}
