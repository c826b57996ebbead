import type { VerificationLevel } from '../domain/enums';

/** One trust badge as the API gives it (spec 001 section 3: level, name, verified, description). */
export interface VerificationBadgeDto {
  level: VerificationLevel;
  name: string;
  verified: boolean;
  description: string;
}

/**
 * GET /api/experts/:id/public: what anyone may see about an expert. No email, phone, document,
 * coordinates or payment field is part of it (see docs/decisions/0082).
 */
export interface ExpertPublicProfileDto {
  id: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  /** When the person joined (the profile's created_at). */
  member_since: string;
  location: string | null;
  bio: string;
  expertise: string[];
  /** Tasks of this expert with status completed or verified. */
  completed_tasks: number;
  avg_rating: number | null;
  review_count: number;
  positive_review_count: number;
  avg_response_time_mins: number | null;
  success_rate: number | null;
  /** Issue 50: the share of the last 50 outcomes completed as agreed; null below five outcomes. */
  completed_as_agreed: { percent: number; of: number } | null;
  /** The badges the expert holds (verified ones only). */
  badges: VerificationBadgeDto[];
}

export interface ExpertPublicProfileResponse {
  expert: ExpertPublicProfileDto;
}

export interface ExpertReviewDto {
  id: string;
  rating: number;
  comment: string;
  created_at: string;
  task_id: string;
  task_title: string;
  reviewer: { first_name: string | null; avatar_url: string | null };
}

/** GET /api/experts/:id/reviews?page=&pageSize=: newest first. */
export interface ExpertReviewsPageResponse {
  reviews: ExpertReviewDto[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}
