import { Link } from 'react-router';
import { Star, StarHalf } from 'lucide-react';
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
  className?: string;
}

/**
 * The spec's star-rating widget: five stars with a half star when the fraction is at least 0.5,
 * "average (count)", "No ratings yet" when there is none, optionally a link to /expert/{id}.
 */
export function StarRating({ rating, count, showSummary = true, expertId, className }: StarRatingProps) {
  const summary = ratingSummary(rating, count);
  const none = summary === messages.reviews.noRatings;
  const content = (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
      <span className="inline-flex" role="img" aria-label={none ? summary : `${summary} / 5`}>
        {starRating(rating).map((kind, index) => (
          <span key={index} className="relative inline-block size-4" aria-hidden="true">
            <Star className="absolute inset-0 size-4 text-amber-500/40" />
            {kind === 'full' ? (
              <Star className="absolute inset-0 size-4 fill-amber-500 text-amber-500" />
            ) : null}
            {kind === 'half' ? (
              <StarHalf className="absolute inset-0 size-4 fill-amber-500 text-amber-500" />
            ) : null}
          </span>
        ))}
      </span>
      {showSummary ? (
        <span className="text-muted-foreground" data-testid="rating-summary">
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
