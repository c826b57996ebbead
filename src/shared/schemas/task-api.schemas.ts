import { z } from 'zod';
import { CHECKLIST_ITEM_KINDS } from '../domain/checklist';
import {
  APPLICATION_STATUSES,
  STRIPE_ACCOUNT_STATUSES,
  TASK_CATEGORIES,
  TASK_URGENCIES,
  TRANSACTION_STATUSES,
  VERIFICATION_STATUSES,
} from '../domain/enums';
import { TASK_CAPABILITIES } from '../domain/permissions';
import { PAYMENT_STATUSES, TASK_STATUSES } from '../domain/task-state';
import type {
  ApplicationDto,
  CaptureResultDto,
  LocalCardResultDto,
  PaymentIntentDto,
  PersonDto,
  ReviewDto,
  TaskDetailsDto,
  TaskDto,
  TaskExpertDto,
  TaskListDto,
  TaskListItemDto,
  TransactionDto,
} from './task-api';

/**
 * The task and payment responses as zod schemas (issue 21): the OpenAPI document describes the responses
 * with them, and the API suite checks every response against them. The `Same` checks at the bottom make
 * the build fail when a schema and the interface the web app reads (task-api.ts) drift apart.
 */

const isoDate = z.string().meta({ format: 'date-time' });
const nullableDate = isoDate.nullable();

export const personDtoSchema = z
  .object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'Person' });

export const taskDtoSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    requirements: z.string(),
    category: z.enum(TASK_CATEGORIES),
    urgency: z.enum(TASK_URGENCIES),
    budget: z.number().int(),
    due_date: z.string().nullable(),
    location: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    /** The task's IANA time zone (issue 49): every appointment is shown in it. */
    time_zone: z.string(),
    status: z.enum(TASK_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES),
    client_id: z.string(),
    expert_id: z.string().nullable(),
    stripe_payment_intent_id: z.string().nullable(),
    authorization_hold_expires_at: nullableDate,
    client_capture_authorized_at: nullableDate,
    completion_notes: z.string().nullable(),
    evidence_file_count: z.number().int(),
    checklist: z
      .array(
        z.object({
          id: z.string(),
          label: z.string(),
          kind: z.enum(CHECKLIST_ITEM_KINDS),
          required: z.boolean(),
        }),
      )
      .nullable()
      .optional(),
    submitted_at: nullableDate,
    started_at: nullableDate,
    assigned_at: nullableDate,
    published_at: nullableDate,
    completed_at: nullableDate,
    cancelled_at: nullableDate,
    created_at: isoDate,
    updated_at: isoDate,
  })
  .meta({ id: 'Task' });

export const taskExpertDtoSchema = z
  .object({
    id: z.string(),
    bio: z.string(),
    expertise: z.array(z.string()),
    location: z.string().nullable(),
    avg_rating: z.number().nullable(),
    avg_response_time_mins: z.number().nullable(),
    success_rate: z.number().nullable(),
    verification_status: z.enum(VERIFICATION_STATUSES),
    stripe_onboarding_completed: z.boolean(),
    stripe_account_status: z.enum(STRIPE_ACCOUNT_STATUSES),
    community_trusted: z.boolean(),
    background_verified: z.boolean(),
    created_at: isoDate,
    profile: personDtoSchema,
  })
  .meta({ id: 'TaskExpert' });

export const applicationDtoSchema = z
  .object({
    id: z.string(),
    task_id: z.string(),
    expert_id: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    proposed_rate: z.number().int(),
    notes: z.string(),
    created_at: isoDate,
    expert: taskExpertDtoSchema,
  })
  .meta({ id: 'Application' });

export const reviewDtoSchema = z
  .object({
    id: z.string(),
    task_id: z.string(),
    reviewee_id: z.string(),
    reviewer_id: z.string(),
    rating: z.number(),
    comment: z.string(),
    created_at: isoDate,
    reviewer: personDtoSchema,
    task_title: z.string(),
  })
  .meta({ id: 'Review' });

export const transactionDtoSchema = z
  .object({
    id: z.string(),
    task_id: z.string(),
    amount: z.number().int(),
    platform_fee: z.number().int(),
    platform_fee_percent: z.number(),
    status: z.enum(TRANSACTION_STATUSES),
    created_at: isoDate,
  })
  .meta({ id: 'Transaction' });

const clientRatingSchema = z.object({ avg_rating: z.number().nullable(), review_count: z.number().int() });

export const taskDetailsDtoSchema = taskDtoSchema
  .extend({
    client: personDtoSchema,
    client_tasks_posted: z.number().int(),
    client_rating: clientRatingSchema.nullable().optional(),
    expert: taskExpertDtoSchema.nullable(),
    applications: z.array(applicationDtoSchema),
    reviews: z.array(reviewDtoSchema),
    transactions: z.array(transactionDtoSchema),
    budget_figure: z.number().int(),
    capabilities: z.array(z.enum(TASK_CAPABILITIES)),
  })
  .meta({ id: 'TaskDetails' });

export const taskListItemDtoSchema = taskDtoSchema
  .extend({
    application_count: z.number().int(),
    my_application_status: z.enum(APPLICATION_STATUSES).nullable(),
    client_rating: clientRatingSchema.optional(),
    distance_miles: z.number().nullable(),
  })
  .meta({ id: 'TaskListItem' });

export const taskListDtoSchema = z
  .object({
    tasks: z.array(taskListItemDtoSchema),
    total: z.number().int(),
    /** More tasks match than `total`: the available list counts at most 1,000 past the page's start. */
    totalIsCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'TaskList' });

export const paymentIntentDtoSchema = z
  .object({
    provider: z.enum(['stripe', 'local']),
    paymentIntentId: z.string(),
    paymentIntentClientSecret: z.string(),
    amount: z.number().int(),
    platform_fee: z.number().int(),
    currency: z.literal('usd'),
  })
  .meta({ id: 'PaymentIntent' });

export const localCardResultDtoSchema = z
  .object({
    status: z.enum([
      'requires_payment_method',
      'requires_action',
      'requires_capture',
      'succeeded',
      'canceled',
      'processing',
    ]),
    error: z.string().optional(),
  })
  .meta({ id: 'LocalCardResult' });

export const captureResultDtoSchema = z
  .object({
    success: z.boolean(),
    payment_intent_id: z.string().nullable(),
    amount_captured: z.number().int(),
    error: z.string().optional(),
  })
  .meta({ id: 'CaptureResult' });

/** The answer of every task transition: the task as it now is and the spec's confirmation text. */
export const taskTransitionSchema = z.object({ task: taskDtoSchema, message: z.string() });
export const messageOnlySchema = z.object({ message: z.string() });

// Compile-time: each schema's output is exactly the interface the web app reads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(check: Same<A, B>) => check;
same<z.output<typeof personDtoSchema>, PersonDto>(true);
same<z.output<typeof taskDtoSchema>, TaskDto>(true);
same<z.output<typeof taskExpertDtoSchema>, TaskExpertDto>(true);
same<z.output<typeof applicationDtoSchema>, ApplicationDto>(true);
same<z.output<typeof reviewDtoSchema>, ReviewDto>(true);
same<z.output<typeof transactionDtoSchema>, TransactionDto>(true);
same<z.output<typeof taskDetailsDtoSchema>, TaskDetailsDto>(true);
same<z.output<typeof taskListItemDtoSchema>, TaskListItemDto>(true);
same<z.output<typeof taskListDtoSchema>, TaskListDto>(true);
same<z.output<typeof paymentIntentDtoSchema>, PaymentIntentDto>(true);
same<z.output<typeof localCardResultDtoSchema>, LocalCardResultDto>(true);
same<z.output<typeof captureResultDtoSchema>, CaptureResultDto>(true);
