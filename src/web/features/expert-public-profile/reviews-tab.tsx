import { useState } from 'react';
import { format as formatDate } from 'date-fns';
import { REVIEWS } from '@shared/constants';
import { reviewerName } from '@shared/domain/expert';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { StarRating } from '@web/components/star-rating';
import { Avatar } from '@web/components/ui/avatar';
import { Spinner } from '@web/components/ui/spinner';
import { useExpertReviews } from './expert-profile-api';
import { Pagination } from './pagination';

/** Reviews: 'Client Reviews' with the count, 3 cards a page (the profile's page size), pages. */
export function ReviewsTab({ expertId, reviewCount }: { expertId: string; reviewCount: number }) {
  const [page, setPage] = useState(1);
  const reviews = useExpertReviews(expertId, page, REVIEWS.profilePageSize);
  const total = reviews.data?.total ?? reviewCount;
  return (
    <section className="space-y-4" aria-labelledby="client-reviews-heading">
      <h3 id="client-reviews-heading" className="text-lg font-semibold">
        Client Reviews <span className="text-muted-foreground">({total})</span>
      </h3>
      {reviews.isPending ? (
        <Spinner label="Loading reviews" />
      ) : !reviews.data || reviews.data.reviews.length === 0 ? (
        <p className="text-sm text-muted-foreground">{messages.reviews.noReviews}</p>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Client Reviews">
            {reviews.data.reviews.map((review) => {
              const name = reviewerName(review.reviewer.first_name);
              return (
                <li key={review.id} className="space-y-2 rounded-lg border p-4" data-testid="review-card">
                  <div className="flex items-center gap-3">
                    <Avatar src={review.reviewer.avatar_url} name={name} decorative className="size-8" />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{name}</p>
                      <p className="text-xs text-muted-foreground">{formatDate(new Date(review.created_at), 'MMM d, yyyy')}</p>
                    </div>
                    <StarRating rating={review.rating} showSummary={false} />
                  </div>
                  <p className="whitespace-pre-wrap text-sm">{review.comment}</p>
                  <p className="text-xs text-muted-foreground">{format(messages.reviews.forTask, { title: review.task_title })}</p>
                </li>
              );
            })}
          </ul>
          <Pagination page={page} pageCount={reviews.data.pageCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}
