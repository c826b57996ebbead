import { formatWindow, zonesDiffer } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { VisitWindowDto } from '@shared/schemas/appointments.schemas';

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A visit window named in the task's zone, with the viewer's own time beside it when that differs (issue 49). */
export function WindowText({ window, zone }: { window: VisitWindowDto; zone: string }) {
  const own = viewerZone();
  const start = new Date(window.start);
  return (
    <span>
      <span className="font-medium">{window.label}</span>
      {zonesDiffer(start, zone, own) ? (
        <span className="block text-sm text-muted-foreground">
          {format(messages.appointments.yourTime, {
            time: formatWindow({ start, end: new Date(window.end) }, own),
          })}
        </span>
      ) : null}
    </span>
  );
}
