import { distanceMiles } from './geo';

/**
 * Proof of a no-show (issue 50, docs/decisions/0463): from the agreed window on, the hired expert
 * reports "No access" with photos whose own capture metadata places them at the task, in the window.
 */
export const NO_ACCESS = {
  /** A photo may be taken up to 30 minutes before the window opens or after it closes. */
  graceMs: 30 * 60_000,
  /** ...and within half a mile of the task's point (a block or two: the door, not the district). */
  radiusMiles: 0.5,
  /** The client has 48 hours to contest before the call-out fee is captured. */
  contestWindowMs: 48 * 3_600_000,
  maxPhotos: 5,
  noteMax: 1000,
  contestReasonMin: 10,
  contestReasonMax: 1000,
} as const;

export type NoAccessPhotoProblem = 'no_time' | 'no_place' | 'outside_window' | 'too_far';

export interface NoAccessPhotoFacts {
  captured_at: Date | null;
  latitude: number | null;
  longitude: number | null;
}

export interface NoAccessFacts {
  window: { start: Date; end: Date };
  task: { latitude: number; longitude: number };
}

/** Why a photo does not prove the visit, or null when it does (time inside the window ± 30 min, within 0.5 mi). */
export function noAccessPhotoProblem(photo: NoAccessPhotoFacts, facts: NoAccessFacts): NoAccessPhotoProblem | null {
  if (!photo.captured_at) return 'no_time';
  if (photo.latitude === null || photo.longitude === null) return 'no_place';
  const at = photo.captured_at.getTime();
  if (at < facts.window.start.getTime() - NO_ACCESS.graceMs || at > facts.window.end.getTime() + NO_ACCESS.graceMs) {
    return 'outside_window';
  }
  const miles = distanceMiles(facts.task, { latitude: photo.latitude, longitude: photo.longitude });
  return miles > NO_ACCESS.radiusMiles ? 'too_far' : null;
}

/** The report may be made from the agreed window's start on (not before the expert could be there). */
export function noAccessTooEarly(window: { start: Date }, now: Date): boolean {
  return now.getTime() < window.start.getTime();
}
