import { Link } from 'react-router';
import { Star, StarHalf } from 'lucide-react';
import { REVIEWS } from '@shared/constants';
import { ratingSummary, starRating } from '@shared/domain/expert';
import { messages } from '@shared/messages';
import { cn } from '@web/components/ui/cn';

export interface StarRatingProps {
  rating: number | null | undefined;
  /** With a count the text reads "average (count)". */
  count?: number | null;
  /** Show the "4.5 (12)" text beside the stars. */
  showSummary?: boolean;
  /** Link the widget to the expert's public profile. */
  expertId?: string;
  size?: 'sm' | 'md';
  className?: string;
}

/** "4.5 out of 5", or "No ratings yet" when there is no rating. */
export function starRatingLabel(rating: number | null | undefined): string {
  if (typeof rating !== 'number' || !Number.isFinite(rating) || rating <= 0) return messages.reviews.noRatings;
  const shown = Number.isInteger(rating) ? String(rating) : rating.toFixed(1);
  return `${shown} out of ${REVIEWS.ratingMax}`;
}

/**
 * The spec's star-rating widget (shared by the task pages, dashboards and the public profile): five
 * stars with a half star when the fraction is at least 0.5, "average (count)", "No ratings yet" when
 * there is none, optionally a link to /expert/{id}. Its accessible name reads "4.5 out of 5".
 */
export function StarRating({ rating, count, showSummary = true, expertId, size = 'sm', className }: StarRatingProps) {
  const summary = ratingSummary(rating, count);
  const label = starRatingLabel(summary === messages.reviews.noRatings ? null : rating);
  const icon = size === 'md' ? 'size-5' : 'size-4';
  const content = (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
      <span className="inline-flex" role="img" aria-label={label}>
        {starRating(rating).map((kind, index) => (
          <span key={index} className={cn('relative inline-block', icon)} aria-hidden="true" data-star={kind}>
            <Star className={cn('absolute inset-0 text-amber-600/50', icon)} />
            {kind === 'full' ? <Star className={cn('absolute inset-0 fill-amber-500 text-amber-600', icon)} /> : null}
            {kind === 'half' ? <StarHalf className={cn('absolute inset-0 fill-amber-500 text-amber-600', icon)} /> : null}
          </span>
        ))}
      </span>
      {showSummary ? (
        <span className="text-muted-foreground" data-testid="rating-summary" aria-hidden={summary === label}>
          {summary}
        </span>
      ) : null}
    </span>
  );
  if (!expertId) return content;
  return (
    <Link to={`/expert/${expertId}`} className="rounded-sm hover:underline">
      {content}
    </Link>
  );
}
