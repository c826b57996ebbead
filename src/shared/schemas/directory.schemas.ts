import { z } from 'zod';
import { messages } from '../messages';
import { latitudeField, longitudeField, numberFromText, paginationQuery } from './common.schemas';
import { SEARCH_RADIUS } from './discovery.schemas';
import { overrideReasonSchema } from './admin-overrides.schemas';
import type { VerificationBadgeDto } from './expert-public.schemas';

/** The client's expert directory (issue 23): payable experts near a place. */
export const DIRECTORY_SORTS = ['distance', 'rating'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DIRECTORY_BADGES = ['community_trust', 'background_check'] as const;
export type DirectoryBadge = (typeof DIRECTORY_BADGES)[number];

const directoryText = messages.directory;
const place = messages.location.invalidCoordinates;

/** GET /api/search/experts. The place is required: the directory always answers "near where". */
export const directoryQuerySchema = paginationQuery(10).extend({
  latitude: numberFromText(directoryText.placeRequired).pipe(latitudeField(place)),
  longitude: numberFromText(directoryText.placeRequired).pipe(longitudeField(place)),
  radius_miles: numberFromText(messages.discovery.invalidRadius)
    .pipe(
      z
        .number()
        .int(messages.discovery.invalidRadius)
        .min(SEARCH_RADIUS.minMiles, messages.discovery.invalidRadius)
        .max(SEARCH_RADIUS.maxMiles, messages.discovery.invalidRadius),
    )
    .default(SEARCH_RADIUS.defaultMiles),
  expertise: z.string().trim().min(1, directoryText.invalidExpertise).max(100, directoryText.invalidExpertise).optional(),
  min_rating: numberFromText(directoryText.invalidRating).pipe(z.number().min(1, directoryText.invalidRating).max(5, directoryText.invalidRating)).optional(),
  badge: z.enum(DIRECTORY_BADGES, directoryText.invalidBadge).optional(),
  max_response_mins: numberFromText(directoryText.invalidResponseTime)
    .pipe(z.number().int(directoryText.invalidResponseTime).min(1, directoryText.invalidResponseTime).max(10_080, directoryText.invalidResponseTime))
    .optional(),
  sort: z.enum(DIRECTORY_SORTS, messages.discovery.invalidFilter).default('distance'),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

export interface DirectoryExpertDto {
  id: string;
  first_name: string | null;
  avatar_url: string | null;
  location: string | null;
  expertise: string[];
  avg_rating: number | null;
  review_count: number;
  avg_response_time_mins: number | null;
  badges: VerificationBadgeDto[];
  /** Rounded to a tenth of a mile: the expert's coordinates are never sent. */
  distance_miles: number;
  /** False when the expert turned invitations off (the card's Invite button says so). */
  accepts_invitations: boolean;
}

export interface DirectoryPageDto {
  experts: DirectoryExpertDto[];
  total: number;
  page: number;
  pageSize: number;
  radius_miles: number;
}

/** POST /api/admin/reviews/:id/hide and /restore: which table, and the admin's written reason (10 to 1,000 characters). */
export const reviewModerationSchema = z.object({
  kind: z.enum(['expert', 'client'], messages.discovery.invalidFilter),
  reason: overrideReasonSchema,
});
export type ReviewModerationRequest = z.output<typeof reviewModerationSchema>;

/** GET /api/admin/review-reports: a report with the review it names (rating and comment null once the review is gone). */
export interface ReviewReportDto {
  id: string;
  review_id: string;
  review_kind: 'expert' | 'client';
  reporter_id: string;
  reason: string;
  created_at: string;
  rating: number | null;
  comment: string | null;
  removed: boolean;
}
