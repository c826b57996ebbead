import { z } from 'zod';
import { TASK_CATEGORIES, TASK_URGENCIES } from '../domain/enums';
import { messages } from '../messages';
import { dateField, latitudeField, longitudeField, numberFromText, paginationQuery } from './common.schemas';
import type { TaskListItemDto } from './task-api';

/** Discovery (issue 23): the expert's task search and the client's expert directory. */

export const SEARCH_RADIUS = { minMiles: 10, maxMiles: 100, defaultMiles: 100 } as const;
export const TASK_SEARCH_SORTS = ['newest', 'nearest', 'budget', 'due_date'] as const;
export type TaskSearchSort = (typeof TASK_SEARCH_SORTS)[number];
/** The map shows at most this many tasks (the nearest ones); the list pages through all of them. */
export const TASK_MAP_POINTS_MAX = 500;

const discoveryText = messages.discovery;

const optionalCents = numberFromText(discoveryText.invalidBudget)
  .pipe(z.number().int(discoveryText.invalidBudget).min(0, discoveryText.invalidBudget).max(100_000_000, discoveryText.invalidBudget))
  .optional();

/** The centre (a chosen place) and the radius shared by both searches. */
const placeFields = {
  latitude: numberFromText(messages.location.invalidCoordinates)
    .pipe(latitudeField(messages.location.invalidCoordinates))
    .optional(),
  longitude: numberFromText(messages.location.invalidCoordinates)
    .pipe(longitudeField(messages.location.invalidCoordinates))
    .optional(),
  radius_miles: numberFromText(discoveryText.invalidRadius)
    .pipe(z.number().int(discoveryText.invalidRadius).min(SEARCH_RADIUS.minMiles, discoveryText.invalidRadius).max(SEARCH_RADIUS.maxMiles, discoveryText.invalidRadius))
    .default(SEARCH_RADIUS.defaultMiles),
};

const bothOrNeither = (q: { latitude?: number; longitude?: number }) =>
  (q.latitude === undefined) === (q.longitude === undefined);

/** GET /api/search/tasks and /api/search/tasks/points. Budgets in cents; due_before is a day (inclusive). */
export const taskSearchQuerySchema = paginationQuery()
  .extend({
    ...placeFields,
    category: z.enum(TASK_CATEGORIES, discoveryText.invalidFilter).optional(),
    urgency: z.enum(TASK_URGENCIES, discoveryText.invalidFilter).optional(),
    budget_min: optionalCents,
    budget_max: optionalCents,
    due_before: dateField(discoveryText.invalidDate, discoveryText.invalidDate).optional(),
    sort: z.enum(TASK_SEARCH_SORTS, discoveryText.invalidFilter).default('newest'),
  })
  .refine(bothOrNeither, { message: messages.location.invalidCoordinates, path: ['longitude'] })
  .refine((q) => q.budget_min === undefined || q.budget_max === undefined || q.budget_min <= q.budget_max, {
    message: discoveryText.invalidBudgetRange,
    path: ['budget_max'],
  });
export type TaskSearchQuery = z.output<typeof taskSearchQuerySchema>;

export interface SearchCentre {
  latitude: number;
  longitude: number;
  /** The expert's service location text when the centre is theirs; null for a chosen place. */
  label: string | null;
}

export interface TaskSearchDto {
  tasks: TaskListItemDto[];
  total: number;
  page: number;
  pageSize: number;
  centre: SearchCentre;
  radius_miles: number;
}

export interface TaskMapPointDto {
  id: string;
  title: string;
  latitude: number;
  longitude: number;
  /** Cents. */
  budget: number;
  distance_miles: number;
}

export interface TaskMapPointsDto {
  points: TaskMapPointDto[];
  total: number;
  centre: SearchCentre;
  radius_miles: number;
}

/** The task form as the client left it, kept with a waitlist entry (every field optional, bounded). */
export const waitlistDraftSchema = z.object({
  title: z.string().max(200).optional(),
  description: z.string().max(5000).optional(),
  requirements: z.string().max(5000).optional(),
  category: z.enum(TASK_CATEGORIES).optional(),
  urgency: z.enum(TASK_URGENCIES).optional(),
  budget: z.string().max(20).optional(),
  due_date: z.string().max(40).optional(),
});
export type WaitlistDraft = z.infer<typeof waitlistDraftSchema>;

/** POST /api/waitlist: the place the 100-mile check refused and the draft to keep. */
export const waitlistJoinSchema = z.object({
  location: z.string().trim().min(1, messages.tasks.selectLocation).max(300, messages.tasks.selectLocation),
  latitude: latitudeField(messages.tasks.selectValidLocation),
  longitude: longitudeField(messages.tasks.selectValidLocation),
  draft: waitlistDraftSchema.default({}),
});
export type WaitlistJoinRequest = z.input<typeof waitlistJoinSchema>;

export interface WaitlistEntryDto {
  id: string;
  location: string;
  latitude: number;
  longitude: number;
  draft: WaitlistDraft;
  created_at: string;
  /** When an expert arrived within 100 miles; null while waiting. */
  notified_at: string | null;
  restored_at: string | null;
}

/** Admin: waiting demand by place. */
export interface WaitlistPlaceDto {
  location: string;
  latitude: number;
  longitude: number;
  waiting: number;
  oldest_at: string;
  newest_at: string;
  /** Whole days since the oldest entry joined. */
  oldest_days: number;
}

/** One side of a two-way review as the caller may see it: `hidden` until both submitted or the window closed. */
export interface TwoWayReviewDto {
  id: string;
  rating: number;
  comment: string;
  created_at: string;
}

/** GET /api/tasks/:id/two-way-reviews: what each party wrote, as the caller may see it. */
export interface TwoWayReviewsDto {
  window_ends_at: string | null;
  window_open: boolean;
  revealed: boolean;
  /** The client's review of the expert; null when not written, 'hidden' when written but not yet revealed. */
  client_review: TwoWayReviewDto | 'hidden' | null;
  /** The expert's review of the client, by the same rule. */
  expert_review: TwoWayReviewDto | 'hidden' | null;
  /** The assigned expert may review the client now. */
  can_review_client: boolean;
}

/** GET /api/clients/:id/card: what an expert sees of a client. Averages count revealed reviews only. */
export interface ClientCardDto {
  id: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  member_since: string;
  tasks_posted: number;
  avg_rating: number | null;
  review_count: number;
}

/** POST /api/reviews/:id/report */
export const reviewReportSchema = z.object({
  kind: z.enum(['expert', 'client'], discoveryText.invalidFilter),
  reason: z.string().trim().min(10, discoveryText.reportReasonShort).max(1000, discoveryText.reportReasonLong),
});
export type ReviewReportRequest = z.infer<typeof reviewReportSchema>;
