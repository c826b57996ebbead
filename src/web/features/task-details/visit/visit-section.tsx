import { useState } from 'react';
import { CalendarClock } from 'lucide-react';
import type { AppointmentParty } from '@shared/domain/appointments';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { AppointmentDto, AppointmentEventDto } from '@shared/schemas/appointments.schemas';
import { WindowText } from '@web/components/visits/window-text';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useVisit, useVisitChange, visitCalls } from './visit-api';
import { OnsiteContact } from './onsite-contact';
import { VisitForm } from './visit-form';

const appointmentsText = messages.appointments;

export const partyLabel = (party: AppointmentParty) =>
  party === 'client' ? appointmentsText.partyClient : party === 'expert' ? appointmentsText.partyExpert : appointmentsText.partyOnsite;

function eventText(event: AppointmentEventDto): string {
  const party = partyLabel(event.party);
  const window = event.window?.label ?? '';
  switch (event.kind) {
    case 'proposed':
      return format(appointmentsText.eventProposed, { party });
    case 'reschedule_proposed':
      return format(appointmentsText.eventRescheduleProposed, { party, reason: event.reason ?? '' });
    case 'accepted':
      return format(appointmentsText.eventAccepted, { party, window });
    case 'declined':
      return format(appointmentsText.eventDeclined, { party });
    case 'superseded':
      return appointmentsText.eventSuperseded;
    case 'onsite_confirmed':
      return format(appointmentsText.eventOnsiteConfirmed, { window });
    case 'onsite_asked_another':
      return appointmentsText.eventOnsiteAskedAnother;
    case 'cancelled':
      return appointmentsText.eventCancelled;
    default:
      return appointmentsText.eventOnsiteContactSet;
  }
}

/** The task page's Visit card (issue 49): the agreed window, the open proposal, the controls and the timeline. */
export function VisitSection({ taskId }: { taskId: string }) {
  const query = useVisit(taskId);
  const calls = visitCalls(taskId);
  const propose = useVisitChange(taskId, calls.propose);
  const accept = useVisitChange(taskId, calls.accept);
  const decline = useVisitChange(taskId, calls.decline);
  const [formOpen, setFormOpen] = useState(false);
  const visit = query.data;
  if (!visit) return null;
  const busy = propose.isPending || accept.isPending || decline.isPending;
  return (
    <Card data-testid="visit-section" aria-labelledby="visit-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="visit-title" className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-5" />
            {appointmentsText.sectionTitle}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {visit.agreed ? (
          <div data-testid="visit-agreed">
            <p className="text-sm text-muted-foreground">{appointmentsText.agreedLabel}</p>
            <WindowText window={visit.agreed} zone={visit.time_zone} />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            {visit.my_party === 'client' && visit.state === 'none' ? appointmentsText.waitingForExpert : appointmentsText.noneYet}
          </p>
        )}
        {visit.pending ? (
          <PendingProposal visit={visit} busy={busy} accept={accept.mutate} decline={decline.mutate} />
        ) : null}
        {visit.can_propose ? (
          <ProposeControls
            visit={visit}
            open={formOpen || visit.state === 'none'}
            onOpen={() => setFormOpen(true)}
            pending={propose.isPending}
            onSubmit={(body) => propose.mutate(body, { onSuccess: () => setFormOpen(false) })}
          />
        ) : null}
        {visit.my_party !== null && visit.state !== 'none' ? (
          <OnsiteContact taskId={taskId} visit={visit} />
        ) : null}
        {visit.timeline.length > 0 ? (
          <section aria-labelledby="visit-timeline-title" className="space-y-2">
            <h3 id="visit-timeline-title" className="text-sm font-medium">
              {appointmentsText.timelineTitle}
            </h3>
            <ol className="space-y-1 text-sm" data-testid="visit-timeline">
              {visit.timeline.map((event) => (
                <li key={event.id} className="flex flex-wrap items-center gap-2">
                  <time dateTime={event.created_at} className="text-muted-foreground">
                    {new Date(event.created_at).toLocaleString(undefined, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </time>
                  <span>{eventText(event)}</span>
                  {event.late ? <Badge variant="destructive">{appointmentsText.lateBadge}</Badge> : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PendingProposal({
  visit,
  busy,
  accept,
  decline,
}: {
  visit: AppointmentDto;
  busy: boolean;
  accept: (vars: { proposalId: string; choice: number }) => void;
  decline: (vars: { proposalId: string }) => void;
}) {
  const pending = visit.pending!;
  if (!visit.can_answer) return <p className="text-sm">{appointmentsText.pendingFromYou}</p>;
  return (
    <div className="space-y-2 rounded-md border p-3" data-testid="visit-pending">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {format(appointmentsText.pendingFromOther, { party: partyLabel(pending.party) })}
        {pending.late ? <Badge variant="destructive">{appointmentsText.lateBadge}</Badge> : null}
      </p>
      {pending.reason ? <p className="text-sm italic">{pending.reason}</p> : null}
      <ul className="space-y-2">
        {pending.windows.map((window, choice) => (
          <li
            key={window.start}
            className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <WindowText window={window} zone={visit.time_zone} />
            <Button
              disabled={busy}
              aria-label={`${pending.windows.length > 1 ? appointmentsText.pick : appointmentsText.accept}: ${window.label}`}
              onClick={() => accept({ proposalId: pending.id, choice })}
            >
              {pending.windows.length > 1 ? appointmentsText.pick : appointmentsText.accept}
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="outline" disabled={busy} onClick={() => decline({ proposalId: pending.id })}>
        {appointmentsText.decline}
      </Button>
    </div>
  );
}

function ProposeControls(props: {
  visit: AppointmentDto;
  open: boolean;
  onOpen: () => void;
  pending: boolean;
  onSubmit: (body: { windows: Array<{ start: string; end: string }>; reason?: string }) => void;
}) {
  const { visit } = props;
  const reschedule = visit.agreed !== null;
  const title = visit.state === 'none' ? appointmentsText.proposeTitle : reschedule ? appointmentsText.rescheduleTitle : appointmentsText.counterTitle;
  if (!props.open) {
    return (
      <Button variant="outline" onClick={props.onOpen}>
        {title}
      </Button>
    );
  }
  return (
    <VisitForm
      title={title}
      zone={visit.time_zone}
      reschedule={reschedule}
      maxWindows={visit.my_party === 'expert' && !reschedule ? 3 : 1}
      pending={props.pending}
      onSubmit={props.onSubmit}
    />
  );
}
