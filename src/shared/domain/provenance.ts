import { format } from '../format-message';
import { evidenceTrustMessages as m } from '../messages/evidence-trust';
import { haversineMiles } from './geo';
import { formatCount } from './plain-format';
import { countText } from '../plural';

/**
 * Provenance badges: what a file's own metadata says about where and when it was made, compared with
 * the task. Pure, so the server (DTOs, the PDF report) and the tests share one rule. docs/decisions/0151.
 */

/** Farther than this from the task's location, the badge is a warning. */
export const PROVENANCE_NEAR_MILES = 1;

/** EXIF times have one-second precision and phone clocks drift: earlier than this before assignment counts. */
export const PROVENANCE_CLOCK_GRACE_MS = 10 * 60_000;

export type BadgeTone = 'ok' | 'info' | 'warning';
export interface ProvenanceBadge {
  tone: BadgeTone;
  text: string;
}

export interface FileProvenance {
  captured_at: string | Date | null;
  latitude: number | null;
  longitude: number | null;
  /** Another task's evidence holds a file with the same SHA-256. */
  duplicate: boolean;
}

export interface TaskFacts {
  latitude: number;
  longitude: number;
  assigned_at: string | Date | null;
}

export function formatMiles(miles: number): string {
  if (miles < 10) return (Math.round(miles * 10) / 10).toFixed(1);
  return formatCount(Math.round(miles));
}

export function formatAgo(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - from.getTime()) / 60_000));
  if (minutes < 1) return m.agoJustNow;
  if (minutes < 60) return countText(minutes, { one: m.agoMinute, other: m.agoMinutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return countText(hours, { one: m.agoHour, other: m.agoHours });
  return format(m.agoDays, { count: Math.round(hours / 24) });
}

const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));

/** Warnings first, then the plain facts; every file gets at least one badge. */
export function provenanceBadges(file: FileProvenance, task: TaskFacts, now: Date): ProvenanceBadge[] {
  const warnings: ProvenanceBadge[] = [];
  const facts: ProvenanceBadge[] = [];
  const captured = asDate(file.captured_at);
  const assigned = asDate(task.assigned_at);
  if (file.duplicate) warnings.push({ tone: 'warning', text: m.badgeDuplicate });
  if (captured && assigned && captured.getTime() < assigned.getTime() - PROVENANCE_CLOCK_GRACE_MS) {
    warnings.push({ tone: 'warning', text: m.badgeBeforeAssigned });
  }
  if (file.latitude === null || file.longitude === null) {
    facts.push({ tone: 'info', text: m.badgeNoLocation });
    if (!captured) facts.push({ tone: 'info', text: m.badgeNoTime });
  } else {
    const miles = haversineMiles(file.latitude, file.longitude, task.latitude, task.longitude);
    if (miles > PROVENANCE_NEAR_MILES) {
      warnings.push({ tone: 'warning', text: format(m.badgeFar, { miles: formatMiles(miles) }) });
    } else if (captured) {
      facts.push({
        tone: 'ok',
        text: format(m.badgeNearAt, { miles: formatMiles(miles), ago: formatAgo(captured, now) }),
      });
    } else {
      facts.push({ tone: 'ok', text: format(m.badgeNear, { miles: formatMiles(miles) }) });
    }
  }
  return [...warnings, ...facts];
}
