import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { BRAND_NAME } from '@shared/brand';
import { zoneOffsetMs } from '@shared/domain/time-zone';

/** One visit as a calendar entry. */
export interface VisitEvent {
  taskId: string;
  /** The appointment's sequence: a changed window replaces the entry with the same UID. */
  sequence: number;
  start: Date;
  end: Date;
  zone: string;
  summary: string;
  location: string;
  description?: string;
  url?: string;
  cancelled?: boolean;
}

export type VisitCalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

/** The stable UID of a task's visit (decision 0425): every change and the cancellation name the same entry. */
export const visitUid = (taskId: string) => `visit-${taskId}@visits.invalid`;

/**
 * ical-generator writes a date with a TZID from the date's UTC fields: the moment is moved by the
 * zone's offset so that those fields are the zone's wall-clock time.
 */
const wallClock = (at: Date, zone: string) => new Date(at.getTime() + zoneOffsetMs(at, zone));

/**
 * An iCalendar document (RFC 5545) for visits: METHOD:REQUEST on the emails that state or change a
 * visit, METHOD:CANCEL when it is called off, METHOD:PUBLISH for the subscribed feed. Times are in
 * the task's zone (TZID with its VTIMEZONE).
 */
export function visitCalendar(
  method: VisitCalendarMethod,
  events: VisitEvent[],
  name = `${BRAND_NAME} visits`,
): string {
  const calendar = ical({
    name,
    prodId: { company: BRAND_NAME, product: 'visits', language: 'EN' },
    method: ICalCalendarMethod[method],
  });
  for (const zone of new Set(events.map((event) => event.zone))) {
    calendar.timezone({ name: zone, generator: getVtimezoneComponent });
  }
  for (const event of events) {
    calendar.createEvent({
      id: visitUid(event.taskId),
      sequence: event.sequence,
      start: wallClock(event.start, event.zone),
      end: wallClock(event.end, event.zone),
      timezone: event.zone,
      stamp: wallClock(new Date(), event.zone),
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: event.url,
      status: method === 'CANCEL' || event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
