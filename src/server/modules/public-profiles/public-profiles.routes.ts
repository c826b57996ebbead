import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { idSchema, pageOffset } from '@shared/schemas/common.schemas';
import type {
  ExpertPublicProfileDto,
  ExpertPublicProfileResponse,
  ExpertReviewsPageResponse,
} from '@shared/schemas/expert-public.schemas';
import { reviewsQuerySchema } from '@shared/schemas/reviews.schemas';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';
import { queryParams } from '../../http/validation';
import { notFound } from '../../lib/errors';
import { earnedBadges } from '../verification/verification-status';
import { completedAsAgreedOf } from '../reliability/reliability.service';
import {
  countExpertReviews,
  findPublicProfile,
  listExpertReviews,
  type PublicProfileRow,
} from './public-profiles.repository';

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** An id that is not a UUID names no expert: the same 404 as an unknown one. */
function expertIdOf(raw: string): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(messages.expert.notFoundTitle);
  return parsed.data;
}

export function toPublicProfileDto(
  row: PublicProfileRow,
  completedAsAgreed: ExpertPublicProfileDto['completed_as_agreed'] = null,
): ExpertPublicProfileDto {
  const stats = typeof row.review_stats === 'string' ? JSON.parse(row.review_stats) : row.review_stats;
  const average = numberOrNull(stats?.avg);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    avatar_url: row.avatar_url,
    member_since: new Date(row.member_since).toISOString(),
    location: row.location,
    bio: row.bio,
    expertise: row.expertise,
    completed_tasks: Number(row.completed_tasks),
    avg_rating: average === null ? null : Math.round(average * 100) / 100,
    review_count: Number(stats?.n ?? 0),
    positive_review_count: Number(stats?.positive ?? 0),
    avg_response_time_mins: numberOrNull(row.avg_response_time_mins),
    success_rate: numberOrNull(row.success_rate),
    completed_as_agreed: completedAsAgreed,
    badges: earnedBadges({
      communityTrusted: row.community_trusted_at !== null,
      backgroundVerified: row.background_verified_at !== null,
    }),
  };
}

/** Public expert profiles (mounted under /api): anyone may read them, signed in or not. */
export function publicProfilesRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/experts/:id/public', async (c) => {
      const expertId = expertIdOf(c.req.param('id'));
      const [row, record] = await Promise.all([findPublicProfile(db, expertId), completedAsAgreedOf(db, expertId)]);
      if (!row) throw notFound(messages.expert.notFoundTitle);
      const body: ExpertPublicProfileResponse = { expert: toPublicProfileDto(row, record) };
      return c.json(body);
    })
    .get('/experts/:id/reviews', async (c) => {
      const expertId = expertIdOf(c.req.param('id'));
      const query = queryParams(c, reviewsQuerySchema);
      const row = await findPublicProfile(db, expertId);
      if (!row) throw notFound(messages.expert.notFoundTitle);
      const [total, rows] = await Promise.all([
        countExpertReviews(db, expertId),
        listExpertReviews(db, expertId, { limit: query.pageSize, offset: pageOffset(query) }),
      ]);
      const body: ExpertReviewsPageResponse = {
        reviews: rows.map((review) => ({
          id: review.id,
          rating: review.rating,
          comment: review.comment,
          created_at: review.created_at.toISOString(),
          task_id: review.task_id,
          task_title: review.task_title,
          reviewer: { first_name: review.reviewer_first_name, avatar_url: review.reviewer_avatar_url },
        })),
        page: query.page,
        pageSize: query.pageSize,
        total,
        pageCount: Math.ceil(total / query.pageSize),
      };
      return c.json(body);
    });
}
