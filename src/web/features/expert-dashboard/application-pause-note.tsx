import { useQuery } from '@tanstack/react-query';
import { PauseCircle } from 'lucide-react';
import { reliabilityMessages as reliabilityText } from '@shared/messages/reliability';
import type { ApplicationPauseDto } from '@shared/schemas/reliability.schemas';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { api } from '@web/lib/api';

export const applicationPauseQuery = {
  queryKey: ['me', 'application-pause'] as const,
  queryFn: async () => (await api.get<{ pause: ApplicationPauseDto | null }>('/api/me/application-pause')).pause,
  staleTime: 60_000,
};

/** Issue 50: while new applications are paused, the dashboard says why and until when. */
export function ApplicationPauseNote() {
  const pause = useQuery(applicationPauseQuery);
  if (!pause.data) return null;
  return (
    <Alert variant="warning" data-testid="application-pause">
      <PauseCircle aria-hidden="true" />
      <AlertTitle>{reliabilityText.pausedTitle}</AlertTitle>
      <AlertDescription>{pause.data.reason}</AlertDescription>
    </Alert>
  );
}
