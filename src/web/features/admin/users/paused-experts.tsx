import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import { format } from '@shared/format-message';
import { reliabilityMessages as reliabilityText } from '@shared/messages/reliability';
import type { PausedExpertDto } from '@shared/schemas/reliability.schemas';
import { AdminReasonDialog } from '@web/components/admin-reason-dialog';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api, ApiError } from '@web/lib/api';

const pausesKey = ['admin', 'application-pauses'] as const;

/**
 * Issue 50: the experts whose new applications are paused (three cancels after a hire in 30 days),
 * each with when it ends and a "Lift pause" that asks for the reason the expert will read.
 */
export function PausedExperts() {
  const queryClient = useQueryClient();
  const pauses = useQuery({
    queryKey: pausesKey,
    queryFn: async () => (await api.get<{ pauses: PausedExpertDto[] }>('/api/admin/application-pauses')).pauses,
  });
  const lift = useMutation({
    mutationFn: ({ expertId, reason }: { expertId: string; reason: string }) =>
      api.post<{ message: string }>(`/api/admin/experts/${expertId}/application-pause/lift`, { reason }),
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : String(error)),
  });
  return (
    <Card data-testid="paused-experts">
      <CardHeader>
        <CardTitle asChild>
          <h2>{reliabilityText.pausesTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {pauses.error ? (
          <p role="alert" className="text-sm text-destructive">
            {format(reliabilityText.loadPausesFailed, { msg: pauses.error.message })}
          </p>
        ) : !pauses.data ? null : pauses.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{reliabilityText.pausesEmpty}</p>
        ) : (
          <ul className="divide-y">
            {pauses.data.map((pause) => (
              <li key={pause.expert_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="text-sm">
                  <p className="font-medium">{pause.name}</p>
                  <p className="text-muted-foreground">
                    {format(reliabilityText.pausedUntil, { until: formatDateTimeMedium(new Date(pause.paused_until)) })}
                  </p>
                </div>
                <AdminReasonDialog
                  label={<span aria-label={`${reliabilityText.liftPause}: ${pause.name}`}>{reliabilityText.liftPause}</span>}
                  busyLabel={reliabilityText.liftPause}
                  title={format(reliabilityText.liftPauseFor, { name: pause.name })}
                  description={reliabilityText.liftPauseText}
                  reasonLabel={reliabilityText.liftReasonLabel}
                  variant="outline"
                  busy={lift.isPending}
                  onConfirm={(reason) => lift.mutateAsync({ expertId: pause.expert_id, reason })}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
