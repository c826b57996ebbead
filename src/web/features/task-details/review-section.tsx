import { useId, useState, type FormEvent } from 'react';
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { Star } from 'lucide-react';
import { REVIEWS } from '@shared/constants';
import { reviewerName } from '@shared/domain/expert';
import type { TaskCapability } from '@shared/domain/permissions';
import { format } from '@shared/format-message';
import { countText } from '@shared/plural';
import { messages } from '@shared/messages';
import type { ReviewDto, TaskDetailsDto } from '@shared/schemas/task-api';
import { StarRating } from '@web/components/task';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { Field } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { api } from '@web/lib/api';
import { formatDay } from './format';
import { failureText, taskPath, useTaskAction } from './task-query';

const detailsText = messages.taskPages.details;
const STARS = Array.from(
  { length: REVIEWS.ratingMax - REVIEWS.ratingMin + 1 },
  (_, index) => REVIEWS.ratingMin + index,
);

/**
 * Rating 1-5 as a radio group: native radios give Tab into the group and the arrow keys between
 * stars; each star is labelled "N stars".
 */
export function RatingInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (rating: number) => void;
  error?: string | null;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-1">
      <legend className="text-sm font-medium">
        {detailsText.ratingLabel}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </legend>
      <div
        role="radiogroup"
        aria-label={detailsText.ratingLabel}
        aria-invalid={error ? true : undefined}
        className="flex gap-1"
      >
        {STARS.map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-sm p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-7',
                star <= value ? 'fill-amber-500 text-amber-500' : 'text-muted-foreground',
              )}
            />
            <span className="sr-only">
              {countText(star, { one: detailsText.starOption, other: detailsText.starsOption })}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ReviewForm({ taskId }: { taskId: string }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const submitReview = useTaskAction<{ rating: number; comment: string }>({
    taskId,
    run: (input) => api.post<{ message?: string }>(taskPath(taskId, '/review'), input),
    success: messages.reviews.submitted,
    failure: (error) => failureText(error, messages.reviews.submitFailed),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const { createReviewSchema, fieldErrors } = schemas;
    const parsed = createReviewSchema.safeParse({ rating, comment });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ rating: found.rating, comment: found.comment });
      return;
    }
    setErrors({});
    submitReview.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-label={detailsText.leaveReviewTitle}>
      <RatingInput value={rating} onChange={setRating} error={errors.rating} />
      <Field label={detailsText.commentLabel} error={errors.comment} required id="review-comment">
        <Textarea rows={4} value={comment} onChange={(event) => setComment(event.target.value)} />
      </Field>
      <Button type="submit" disabled={submitReview.isPending}>
        {submitReview.isPending ? detailsText.submittingReview : detailsText.submitReview}
      </Button>
    </form>
  );
}

function ReviewShown({ review }: { review: ReviewDto }) {
  return (
    <article className="space-y-2" data-testid="task-review">
      <StarRating rating={review.rating} showSummary={false} />
      <p className="whitespace-pre-wrap text-sm">{review.comment}</p>
      <p className="text-xs text-muted-foreground">
        {format(detailsText.reviewBy, {
          name: reviewerName(review.reviewer.first_name),
          date: formatDay(review.created_at) ?? '',
        })}
      </p>
    </article>
  );
}

/** The expert's review of this task: the client's form while none exists, then the review itself. */
export function ReviewSection({
  task,
  capabilities,
}: {
  task: TaskDetailsDto;
  capabilities: Set<TaskCapability>;
}) {
  const canWrite = capabilities.has('write_review');
  const canView = capabilities.has('view_review') && task.reviews.length > 0;
  if (!canWrite && !canView) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{canWrite ? detailsText.leaveReviewTitle : detailsText.reviewTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {task.reviews.map((review) => (
          <ReviewShown key={review.id} review={review} />
        ))}
        {canWrite ? <ReviewForm taskId={task.id} /> : null}
      </CardContent>
    </Card>
  );
}
