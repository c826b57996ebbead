import { MAP } from '@shared/constants';

/** Marker look by expert count (spec section 9): 20 to 40 px; green above 100, blue above 50, indigo otherwise. */

export type MarkerColor = (typeof MAP.markerColors)[keyof typeof MAP.markerColors];

/** Fill colours, each with white text at 4.5:1 or better. */
export const MARKER_HEX: Readonly<Record<MarkerColor, string>> = {
  green: '#15803d',
  blue: '#1d4ed8',
  indigo: '#4338ca',
};

/** The highlight of "States with Experts". */
export const STATE_HIGHLIGHT_HEX = '#2dd4bf';

export function markerColor(expertCount: number): MarkerColor {
  if (expertCount > MAP.manyExpertsAbove) return MAP.markerColors.many;
  if (expertCount > MAP.someExpertsAbove) return MAP.markerColors.some;
  return MAP.markerColors.few;
}

/** The count at which a marker reaches its largest size. */
const FULL_SIZE_AT = 200;

/**
 * Diameter in px, growing with the logarithm of the count so that a city of 3 experts and one of
 * 30 still look different while 110 and 150 do not overflow: 1 expert is 20 px, 200 or more 40 px.
 */
export function markerSize(expertCount: number): number {
  const { markerMinSizePx: min, markerMaxSizePx: max } = MAP;
  if (!Number.isFinite(expertCount) || expertCount <= 1) return min;
  const share = Math.min(1, Math.log(expertCount) / Math.log(FULL_SIZE_AT));
  return Math.round(min + share * (max - min));
}
