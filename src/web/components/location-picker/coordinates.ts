import type { LocationResult } from '@shared/domain/cities';

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Manually typed coordinates, or null when either is not a number or is out of range
 * (the picker then shows "Invalid coordinates").
 */
export function parseCoordinates(latText: string, lngText: string): { lat: number; lng: number } | null {
  const latTrimmed = latText.trim();
  const lngTrimmed = lngText.trim();
  if (!NUMBER.test(latTrimmed) || !NUMBER.test(lngTrimmed)) return null;
  const lat = Number(latTrimmed);
  const lng = Number(lngTrimmed);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat < -90 || lat > 90 || lng < -180 || lng > 180)
    return null;
  return { lat, lng };
}

export const formatCoordinates = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

/**
 * The location at exactly these coordinates: the place found there names it, or the coordinates
 * themselves when no place is known (or the service failed).
 */
export function locationAt(
  lat: number,
  lng: number,
  place: LocationResult | null,
  fallbackName?: string,
): LocationResult {
  if (place) return { ...place, lat, lng };
  const text = formatCoordinates(lat, lng);
  return { name: fallbackName ?? text, lat, lng, address: text, country: '', region: null };
}

/** What the location field shows for a chosen location. */
export const locationLabel = (location: LocationResult) => location.address || location.name;
