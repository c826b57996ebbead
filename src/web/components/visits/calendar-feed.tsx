import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { api, ApiError } from '@web/lib/api';

const appointmentsText = messages.appointments;
const feedKey = ['me', 'calendar-feed'] as const;

/** The expert's secret iCalendar link (issue 49): get one, replace it, or turn it off. */
export function CalendarFeed() {
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: feedKey,
    queryFn: () => api.get<{ url: string | null }>('/api/me/calendar-feed'),
    retry: false,
  });
  const change = useMutation({
    mutationFn: (kind: 'renew' | 'revoke') =>
      kind === 'renew'
        ? api.post<{ url: string | null }>('/api/me/calendar-feed', {})
        : api.delete<{ url: string | null }>('/api/me/calendar-feed'),
    onSuccess: (answer) => queryClient.setQueryData(feedKey, answer),
    onError: (error) => toast.error(error instanceof ApiError ? error.message : messages.common.internal),
  });
  const url = query.data?.url ?? null;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 border-t pt-3" data-testid="calendar-feed">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        {appointmentsText.feedTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{appointmentsText.feedIntro}</p>
      {url ? (
        <div className="space-y-1">
          <Label htmlFor={`${id}-url`}>{appointmentsText.feedLabel}</Label>
          <Input id={`${id}-url`} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={change.isPending}
          onClick={() => change.mutate('renew')}
        >
          {url ? appointmentsText.feedRenew : appointmentsText.feedCreate}
        </Button>
        {url ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={change.isPending}
            onClick={() => change.mutate('revoke')}
          >
            {appointmentsText.feedRevoke}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
