/**
 * Moments in a task's own time zone (issue 49, docs/decisions/0420). Pure Intl arithmetic, no I/O:
 * the server decides with it and the web names windows with it.
 */

/** The offset of `zone` from UTC at `at`, in milliseconds (Chicago in winter: -6 h). */
export function zoneOffsetMs(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The moment a wall-clock time in `zone` names (a time skipped by a DST change moves forward). */
export function wallTimeInZone(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number },
  zone: string,
): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0);
  const first = guess - zoneOffsetMs(new Date(guess), zone);
  const second = guess - zoneOffsetMs(new Date(first), zone);
  return new Date(second);
}

/** The calendar day of `at` in `zone`. */
export function dayInZone(at: Date, zone: string): { year: number; month: number; day: number } {
  const shifted = new Date(at.getTime() + zoneOffsetMs(at, zone));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/**
 * The due date as a moment: the last millisecond of its day in the task's zone. A moment at exactly
 * UTC midnight is a bare calendar day ("2026-12-09" as sent by the form); any other moment names
 * the day it falls on in the task's zone, so a stored due date read back names the same day.
 */
export function dueEndOfDay(due: Date, zone: string): Date {
  const bareDay = due.getTime() % 86_400_000 === 0;
  const day = bareDay
    ? { year: due.getUTCFullYear(), month: due.getUTCMonth() + 1, day: due.getUTCDate() }
    : dayInZone(due, zone);
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  const nextMidnight = wallTimeInZone(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    zone,
  );
  return new Date(nextMidnight.getTime() - 1);
}

/** The zone's short name at `at` ("CST", "CDT"; "GMT+11" where the English locale has no abbreviation). */
export function zoneAbbreviation(at: Date, zone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

function clockParts(at: Date, zone: string): { time: string; meridiem: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { time: `${get('hour')}:${get('minute')}`, meridiem: get('dayPeriod').toLowerCase() };
}

function dayLabel(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')}`;
}

/**
 * A window named in `zone`: "Tue 9 Dec, 4:00-5:00 pm CST", "Tue 9 Dec, 11:30 am-12:30 pm CST",
 * and across midnight "Tue 9 Dec, 11:00 pm-Wed 10 Dec, 1:00 am CST".
 */
export function formatWindow(window: { start: Date; end: Date }, zone: string): string {
  const start = clockParts(window.start, zone);
  const end = clockParts(window.end, zone);
  const startDay = dayLabel(window.start, zone);
  const endDay = dayLabel(window.end, zone);
  const abbreviation = zoneAbbreviation(window.start, zone);
  if (startDay !== endDay) {
    return `${startDay}, ${start.time} ${start.meridiem}-${endDay}, ${end.time} ${end.meridiem} ${abbreviation}`;
  }
  const from = start.meridiem === end.meridiem ? start.time : `${start.time} ${start.meridiem}`;
  return `${startDay}, ${from}-${end.time} ${end.meridiem} ${abbreviation}`;
}

/** One moment named in `zone`: "Tue 9 Dec, 11:59 pm CST" (issue 50: due moments and extensions). */
export function formatInTimeZone(at: Date, zone: string): string {
  const clock = clockParts(at, zone);
  return `${dayLabel(at, zone)}, ${clock.time} ${clock.meridiem} ${zoneAbbreviation(at, zone)}`;
}

/** Whether two zones show a moment at different wall-clock times (the viewer's own time is then shown too). */
export function zonesDiffer(at: Date, zone: string, viewerZone: string): boolean {
  return zone !== viewerZone && zoneOffsetMs(at, zone) !== zoneOffsetMs(at, viewerZone);
}
