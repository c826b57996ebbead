import { useState, type FormEvent } from 'react';
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { format } from '@shared/format-message';
import { countText } from '@shared/plural';
import { messages } from '@shared/messages';
import type { TwoWayReviewDto, TwoWayReviewsDto } from '@shared/schemas/discovery.schemas';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { api, ApiError } from '@web/lib/api';
import { formatDay } from './format';
import { RatingInput } from './review-section';

const discoveryText = messages.discovery;

function Side({ heading, review, windowEndsAt }: { heading: string; review: TwoWayReviewDto | 'hidden' | null; windowEndsAt: string | null }) {
  return (
    <div className="space-y-1" data-testid="two-way-side">
      <h3 className="text-sm font-medium">{heading}</h3>
      {review === null ? (
        <p className="text-sm text-muted-foreground">{discoveryText.awaitingReview}</p>
      ) : review === 'hidden' ? (
        <p className="text-sm text-muted-foreground">{format(discoveryText.hiddenReview, { date: formatDay(windowEndsAt) ?? '' })}</p>
      ) : (
        <p className="text-sm">
          <span aria-label={`${review.rating} / 5`}>{'★'.repeat(review.rating)}</span> {review.comment}
        </p>
      )}
    </div>
  );
}

function ClientReviewForm({ taskId, onDone }: { taskId: string; onDone: () => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (body: { rating: number; comment: string }) => api.post<{ message: string }>(`/api/tasks/${taskId}/client-review`, body),
    onSuccess: (result) => {
      toast.success(result.message);
      onDone();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : messages.reviews.submitFailed),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const { createReviewSchema, fieldErrors } = schemas;
    const parsed = createReviewSchema.safeParse({ rating, comment });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    send.mutate(parsed.data);
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-label={discoveryText.reviewTheClient}>
      <RatingInput value={rating} onChange={setRating} error={errors.rating} />
      <Field label={discoveryText.commentLabel} error={errors.comment} required>
        <Textarea rows={3} value={comment} onChange={(event) => setComment(event.target.value)} />
      </Field>
      <Button type="submit" disabled={send.isPending}>
        {discoveryText.submitReview}
      </Button>
    </form>
  );
}

/**
 * Two-way, double-blind reviews on the task page (issue 23): each party's review of the other, hidden
 * until both are in or the 14-day window closes; the assigned expert reviews the client here.
 */
export function TwoWayReviews({ task }: { task: TaskDetailsDto }) {
  const queryClient = useQueryClient();
  const key = ['tasks', 'two-way-reviews', task.id];
  const status = useQuery({ queryKey: key, queryFn: () => api.get<TwoWayReviewsDto>(`/api/tasks/${task.id}/two-way-reviews`) });
  if (!status.data || !status.data.window_ends_at) return null;
  const data = status.data;
  return (
    <Card data-testid="two-way-reviews">
      <CardHeader>
        <CardTitle className="text-base">{discoveryText.twoWayTitle}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Side heading={discoveryText.clientReviewHeading} review={data.client_review} windowEndsAt={data.window_ends_at} />
        <Side heading={discoveryText.expertReviewHeading} review={data.expert_review} windowEndsAt={data.window_ends_at} />
        {data.can_review_client ? (
          <ClientReviewForm taskId={task.id} onDone={() => void queryClient.invalidateQueries({ queryKey: ['tasks'] })} />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The client's revealed rating for experts (the client card's average and count), sent with the task itself. */
export function ClientRatingLine({ rating }: { rating: NonNullable<TaskDetailsDto['client_rating']> }) {
  return (
    <p className="text-sm" data-testid="client-rating">
      <span className="text-muted-foreground">{discoveryText.clientRating}: </span>
      {rating.review_count > 0 && rating.avg_rating !== null
        ? countText(rating.review_count, { one: discoveryText.clientRatingValueOne, other: discoveryText.clientRatingValue }, { rating: rating.avg_rating.toFixed(1) })
        : discoveryText.clientRatingNone}
    </p>
  );
}
