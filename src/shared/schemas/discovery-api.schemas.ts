import { z } from 'zod';
import { VERIFICATION_LEVELS } from '../domain/enums';
import type { DirectoryExpertDto, DirectoryPageDto, ReviewReportDto } from './directory.schemas';
import {
  waitlistDraftSchema,
  type ClientCardDto,
  type SearchCentre,
  type TaskMapPointDto,
  type TaskMapPointsDto,
  type TaskSearchDto,
  type TwoWayReviewDto,
  type TwoWayReviewsDto,
  type WaitlistEntryDto,
  type WaitlistPlaceDto,
} from './discovery.schemas';
import { taskListItemDtoSchema } from './task-api.schemas';

/**
 * The discovery responses as zod schemas (issue 21): the task search, the expert directory, the waitlist
 * and the two-way reviews. The OpenAPI document describes the answers with them and the API suite checks
 * every answer against them; the `same` checks below fail the build when a schema and the interface the
 * web app reads (discovery.schemas.ts, directory.schemas.ts) drift apart.
 */

const isoDate = z.string().meta({ format: 'date-time' });

const searchCentreSchema = z.object({ latitude: z.number(), longitude: z.number(), label: z.string().nullable() });

export const taskSearchDtoSchema = z
  .object({
    tasks: z.array(taskListItemDtoSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    centre: searchCentreSchema,
    radius_miles: z.number(),
  })
  .meta({ id: 'TaskSearch' });

const taskMapPointDtoSchema = z.object({
  id: z.string(),
  title: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  budget: z.number().int(),
  distance_miles: z.number(),
});

export const taskMapPointsDtoSchema = z
  .object({
    points: z.array(taskMapPointDtoSchema),
    total: z.number().int(),
    centre: searchCentreSchema,
    radius_miles: z.number(),
  })
  .meta({ id: 'TaskMapPoints' });

const verificationBadgeSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  name: z.string(),
  verified: z.boolean(),
  description: z.string(),
});

const directoryExpertDtoSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  location: z.string().nullable(),
  expertise: z.array(z.string()),
  avg_rating: z.number().nullable(),
  review_count: z.number().int(),
  avg_response_time_mins: z.number().nullable(),
  badges: z.array(verificationBadgeSchema),
  distance_miles: z.number(),
  accepts_invitations: z.boolean(),
});

export const directoryPageDtoSchema = z
  .object({
    experts: z.array(directoryExpertDtoSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    radius_miles: z.number(),
  })
  .meta({ id: 'DirectoryPage' });

export const waitlistEntryDtoSchema = z
  .object({
    id: z.string(),
    location: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    draft: waitlistDraftSchema,
    created_at: isoDate,
    notified_at: isoDate.nullable(),
    restored_at: isoDate.nullable(),
  })
  .meta({ id: 'WaitlistEntry' });

const waitlistPlaceDtoSchema = z.object({
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  waiting: z.number().int(),
  oldest_at: isoDate,
  newest_at: isoDate,
  oldest_days: z.number().int(),
});

/** POST /waitlist (201) and POST /waitlist/:id/restore: the entry and the spec's confirmation. */
export const waitlistEntryAnswerSchema = z.object({ entry: waitlistEntryDtoSchema, message: z.string() });
export const waitlistMineSchema = z.object({ entries: z.array(waitlistEntryDtoSchema) });
export const waitlistPlacesSchema = z.object({ places: z.array(waitlistPlaceDtoSchema) });

const twoWayReviewDtoSchema = z.object({ id: z.string(), rating: z.number(), comment: z.string(), created_at: isoDate });
const twoWaySideSchema = z.union([twoWayReviewDtoSchema, z.literal('hidden')]).nullable();

export const twoWayReviewsDtoSchema = z
  .object({
    window_ends_at: isoDate.nullable(),
    window_open: z.boolean(),
    revealed: z.boolean(),
    client_review: twoWaySideSchema,
    expert_review: twoWaySideSchema,
    can_review_client: z.boolean(),
  })
  .meta({ id: 'TwoWayReviews' });

/** POST /tasks/:id/client-review (201). */
export const clientReviewAnswerSchema = z.object({ review: twoWayReviewDtoSchema, message: z.string() });

export const clientCardDtoSchema = z
  .object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    member_since: isoDate,
    tasks_posted: z.number().int(),
    avg_rating: z.number().nullable(),
    review_count: z.number().int(),
  })
  .meta({ id: 'ClientCard' });

const reviewReportDtoSchema = z.object({
  id: z.string(),
  review_id: z.string(),
  review_kind: z.enum(['expert', 'client']),
  reporter_id: z.string(),
  reason: z.string(),
  created_at: isoDate,
  rating: z.number().nullable(),
  comment: z.string().nullable(),
  removed: z.boolean(),
});
export const reviewReportListSchema = z.object({ reports: z.array(reviewReportDtoSchema) });

// Compile-time: each schema's output is exactly the interface the web app reads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(check: Same<A, B>) => check;
same<z.output<typeof searchCentreSchema>, SearchCentre>(true);
same<z.output<typeof taskSearchDtoSchema>, TaskSearchDto>(true);
same<z.output<typeof taskMapPointDtoSchema>, TaskMapPointDto>(true);
same<z.output<typeof taskMapPointsDtoSchema>, TaskMapPointsDto>(true);
same<z.output<typeof directoryExpertDtoSchema>, DirectoryExpertDto>(true);
same<z.output<typeof directoryPageDtoSchema>, DirectoryPageDto>(true);
same<z.output<typeof waitlistEntryDtoSchema>, WaitlistEntryDto>(true);
same<z.output<typeof waitlistPlaceDtoSchema>, WaitlistPlaceDto>(true);
same<z.output<typeof twoWayReviewDtoSchema>, TwoWayReviewDto>(true);
same<z.output<typeof twoWayReviewsDtoSchema>, TwoWayReviewsDto>(true);
same<z.output<typeof clientCardDtoSchema>, ClientCardDto>(true);
same<z.output<typeof reviewReportDtoSchema>, ReviewReportDto>(true);
