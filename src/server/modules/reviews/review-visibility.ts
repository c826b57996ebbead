import { and, isNull, sql } from 'drizzle-orm';
import { reviews } from '../../db/schema';

/**
 * A client review of the expert counts (running average, public list, badges) once revealed by the
 * double-blind rule and while no admin has hidden it (issue 23, docs/decisions/0260 and 0262).
 */
export const visibleReview = () => and(isNull(reviews.hidden_until), isNull(reviews.removed_at));

/** The same rule for raw SQL over `reviews` under the alias `alias` (a fixed identifier, never input). */
export const visibleReviewSql = (alias: 'r' | 'reviews') => sql.raw(`${alias}.hidden_until is null and ${alias}.removed_at is null`);
