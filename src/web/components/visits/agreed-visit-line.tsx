import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { messages } from '@shared/messages';
import type { AppointmentDto } from '@shared/schemas/appointments.schemas';
import { api } from '@web/lib/api';
import { visitQueryKey } from '@web/lib/visit-query-key';
import { WindowText } from './window-text';


/** The agreed visit in one line (the chat header, issue 49); nothing when none is agreed or the caller may not see it. */
export function AgreedVisitLine({ taskId }: { taskId: string }) {
  const query = useQuery({
    queryKey: visitQueryKey(taskId),
    queryFn: async () =>
      (await api.get<{ appointment: AppointmentDto }>(`/api/tasks/${encodeURIComponent(taskId)}/appointment`))
        .appointment,
    retry: false,
  });
  const agreed = query.data?.agreed;
  if (!agreed || !query.data) return null;
  return (
    <p className="flex items-start gap-2 text-sm" data-testid="chat-visit">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="text-muted-foreground">{messages.appointments.agreedLabel}: </span>
        <WindowText window={agreed} zone={query.data.time_zone} />
      </span>
    </p>
  );
}
