import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@web/lib/navigation';
import { toast } from 'sonner';
import { format as formatDate } from 'date-fns';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { WaitlistEntryDto } from '@shared/schemas/discovery.schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError } from '@web/lib/api';
import { saveQuickTaskDraft } from '@web/lib/quick-task-draft';

const discoveryText = messages.discovery;
const dateText = (value: string) => formatDate(new Date(value), 'MMM d, yyyy');

/**
 * The client's waitlist (issue 23): the places they wait for, and, once an expert serves one, the
 * draft back into the New Task form through the quick-task draft the form already reads.
 */
export default function WaitlistPage() {
  const navigate = useNavigate();
  const entries = useQuery({
    queryKey: ['waitlist', 'mine'],
    queryFn: () => api.get<{ entries: WaitlistEntryDto[] }>('/api/waitlist/mine'),
  });
  const restore = useMutation({
    mutationFn: (id: string) => api.post<{ entry: WaitlistEntryDto; message: string }>(`/api/waitlist/${id}/restore`, {}),
    onSuccess: ({ entry, message }) => {
      saveQuickTaskDraft({
        location: entry.location,
        latitude: entry.latitude,
        longitude: entry.longitude,
        ...(entry.draft.title ? { title: entry.draft.title } : {}),
        ...(entry.draft.description ? { description: entry.draft.description } : {}),
      });
      toast.success(message);
      void navigate('/create-task');
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : messages.tasks.fetchFailed),
  });

  return (
    <section className="space-y-4" aria-labelledby="waitlist-title">
      <h1 id="waitlist-title" className="text-2xl font-semibold">
        {discoveryText.waitlistPageTitle}
      </h1>
      {entries.isPending ? (
        <Spinner label={messages.shell.loading} />
      ) : entries.isError ? (
        <p role="alert">{messages.tasks.fetchFailed}</p>
      ) : entries.data.entries.length === 0 ? (
        <Card>
          <CardContent className="py-6 text-center text-sm text-muted-foreground">{discoveryText.waitlistNone}</CardContent>
        </Card>
      ) : (
        <ul className="space-y-3">
          {entries.data.entries.map((entry) => (
            <li key={entry.id}>
              <Card className="py-4">
                <CardContent className="flex flex-wrap items-center justify-between gap-3 px-4">
                  <div className="min-w-0 space-y-1">
                    <h2 className="break-words font-medium">{entry.draft.title || entry.location}</h2>
                    <p className="text-sm text-muted-foreground">
                      {entry.location} · {entry.notified_at ? discoveryText.waitlistServed : format(discoveryText.waitlistWaitingSince, { date: dateText(entry.created_at) })}
                    </p>
                  </div>
                  {entry.notified_at ? (
                    <Button type="button" size="sm" disabled={restore.isPending} onClick={() => restore.mutate(entry.id)}>
                      {discoveryText.waitlistRestore}
                    </Button>
                  ) : null}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
