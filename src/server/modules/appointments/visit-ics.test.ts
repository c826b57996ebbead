import { describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { visitCalendar, visitUid } from './visit-ics';

/** Issue 49 (decision 0425): the calendar files parse back with the right UID, sequence, zone and method. */
const TASK = '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11';
const visit = {
  taskId: TASK,
  sequence: 2,
  start: new Date('2026-12-09T22:00:00Z'),
  end: new Date('2026-12-09T23:00:00Z'),
  zone: 'America/Chicago',
  summary: 'Visit: look at the car',
  location: '1200 W Fulton Market, Chicago, IL',
};

function parse(text: string) {
  const parsed = ical.sync.parseICS(text);
  const events = Object.values(parsed).filter((item): item is VEvent => item?.type === 'VEVENT');
  return { events, method: /^METHOD:(\w+)$/m.exec(text)?.[1] };
}

describe('visit calendar files', () => {
  it('a request carries the stable UID, the sequence and the task zone', () => {
    const text = visitCalendar('REQUEST', [visit]);
    const { events, method } = parse(text);
    expect(method).toBe('REQUEST');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.uid).toBe(visitUid(TASK));
    expect(Number(event!.sequence)).toBe(2);
    expect(event!.start.toISOString()).toBe('2026-12-09T22:00:00.000Z');
    expect(event!.end!.toISOString()).toBe('2026-12-09T23:00:00.000Z');
    expect(event!.start.tz).toBe('America/Chicago');
    expect(text).toContain('DTSTART;TZID=America/Chicago:20261209T160000');
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(event!.location).toBe(visit.location);
  });

  it('keeps the real length of a window across the US change to daylight time', () => {
    const text = visitCalendar('REQUEST', [
      { ...visit, start: new Date('2026-03-08T07:00:00Z'), end: new Date('2026-03-08T09:00:00Z') },
    ]);
    expect(text).toContain('DTSTART;TZID=America/Chicago:20260308T010000');
    expect(text).toContain('DTEND;TZID=America/Chicago:20260308T040000');
    const [event] = parse(text).events;
    expect(event!.end!.getTime() - event!.start.getTime()).toBe(2 * 3_600_000);
  });

  it('a cancellation names the same entry, cancelled', () => {
    const text = visitCalendar('CANCEL', [{ ...visit, sequence: 3 }]);
    const { events, method } = parse(text);
    expect(method).toBe('CANCEL');
    expect(events[0]!.uid).toBe(visitUid(TASK));
    expect(Number(events[0]!.sequence)).toBe(3);
    expect(events[0]!.status).toBe('CANCELLED');
  });

  it('a Sydney visit is in Australia/Sydney', () => {
    const text = visitCalendar('PUBLISH', [
      {
        ...visit,
        zone: 'Australia/Sydney',
        start: new Date('2026-12-09T23:00:00Z'),
        end: new Date('2026-12-10T00:30:00Z'),
      },
    ]);
    expect(text).toContain('DTSTART;TZID=Australia/Sydney:20261210T100000');
    expect(parse(text).events[0]!.start.toISOString()).toBe('2026-12-09T23:00:00.000Z');
  });
});
