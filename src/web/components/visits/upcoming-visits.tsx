import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { messages } from '@shared/messages';
import type { UpcomingVisitsResponse } from '@shared/schemas/appointments.schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api } from '@web/lib/api';
import { WindowText } from './window-text';

const appointmentsText = messages.appointments;

export const upcomingVisitsKey = ['tasks', 'visits'] as const;

/**
 * "Upcoming visits" on both dashboards (issue 49): the agreed windows soonest first, each in its
 * task's zone, with the address; the expert also sees the person on site. Nothing shows without one.
 */
export function UpcomingVisits({
  showContact = false,
  footer,
}: {
  showContact?: boolean;
  footer?: React.ReactNode;
}) {
  const query = useQuery({
    queryKey: upcomingVisitsKey,
    queryFn: () => api.get<UpcomingVisitsResponse>('/api/me/visits'),
    retry: false,
  });
  const visits = query.data?.visits ?? [];
  if (visits.length === 0 && !footer) return null;
  return (
    <Card data-testid="upcoming-visits" aria-labelledby="upcoming-visits-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="upcoming-visits-title" className="flex items-center gap-2 text-base">
            <CalendarClock aria-hidden="true" className="size-5" />
            {appointmentsText.upcomingTitle}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {visits.length === 0 ? <p className="text-sm text-muted-foreground">{appointmentsText.upcomingNone}</p> : null}
        <ul className="space-y-3">
          {visits.map((visit) => (
            <li key={visit.task_id} className="space-y-1 border-b pb-3 last:border-b-0 last:pb-0">
              <Link
                to={`/task/${visit.task_id}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {visit.title}
              </Link>
              <div>
                <WindowText window={visit.window} zone={visit.time_zone} />
              </div>
              <p className="text-sm text-muted-foreground">{visit.location}</p>
              {showContact && visit.onsite_contact ? (
                <p className="text-sm">
                  {appointmentsText.onsiteLabel}: {visit.onsite_contact.name}
                  {visit.onsite_contact.phone ? `, ${visit.onsite_contact.phone}` : ''}
                  {visit.onsite_contact.email ? `, ${visit.onsite_contact.email}` : ''}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {footer}
      </CardContent>
    </Card>
  );
}
