import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import type { WaitlistEntryDto, WaitlistJoinRequest } from '@shared/schemas/discovery.schemas';
import { Button } from '@web/components/ui/button';
import { api, ApiError } from '@web/lib/api';
import type { TaskFormState } from './task-form-model';

const discoveryText = messages.discovery;

/** The form as a waitlist draft: only what the client typed (issue 23, docs/decisions/0182). */
export function draftOf(value: TaskFormState): WaitlistJoinRequest['draft'] {
  const draft: NonNullable<WaitlistJoinRequest['draft']> = { category: value.category, urgency: value.urgency };
  if (value.title.trim()) draft.title = value.title.trim().slice(0, 200);
  if (value.description.trim()) draft.description = value.description.trim().slice(0, 5000);
  if (value.requirements.trim()) draft.requirements = value.requirements.trim().slice(0, 5000);
  if (value.budget.trim()) draft.budget = value.budget.trim().slice(0, 20);
  if (value.due_date) draft.due_date = value.due_date.slice(0, 40);
  return draft;
}

/** Under the 100-mile refusal: keep the draft and join the waitlist for this place. */
export function WaitlistOffer({ value }: { value: TaskFormState }) {
  const join = useMutation({
    mutationFn: () => {
      const place = value.location!;
      return api.post<{ entry: WaitlistEntryDto; message: string }>('/api/waitlist', {
        location: place.address || place.name,
        latitude: place.lat,
        longitude: place.lng,
        draft: draftOf(value),
      });
    },
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => toast.error(error instanceof ApiError ? error.message : messages.common.invalidRequest),
  });
  if (!value.location) return null;
  if (join.isSuccess) {
    return (
      <p data-testid="waitlist-joined">
        {join.data.message}{' '}
        <Link to="/waitlist" className="font-medium text-primary underline-offset-4 hover:underline">
          {messages.firstUser.seeWaitlist}
        </Link>
      </p>
    );
  }
  return (
    <div className="mt-2 space-y-2">
      <p>{discoveryText.waitlistJoinHelp}</p>
      <Button type="button" size="sm" variant="outline" disabled={join.isPending} onClick={() => join.mutate()}>
        {discoveryText.waitlistJoin}
      </Button>
    </div>
  );
}
