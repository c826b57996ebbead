import { DIRECTORY_BADGES, DIRECTORY_SORTS, type DirectoryBadge, type DirectorySort } from '@shared/schemas/directory.schemas';
import { SEARCH_RADIUS } from '@shared/schemas/discovery.schemas';

/**
 * The directory's filters as they live in the address bar (shared and restored as links). Anything
 * unreadable is dropped rather than sent, so an edited URL never breaks the page.
 */
export interface DirectoryState {
  place?: { latitude: number; longitude: number; label: string };
  radius: number;
  expertise?: string;
  minRating?: number;
  badge?: DirectoryBadge;
  maxResponseMins?: number;
  sort: DirectorySort;
  page: number;
}

export const RADIUS_CHOICES = [10, 25, 50, 75, 100] as const;
export const RATING_CHOICES = [3, 4, 4.5] as const;
/** Response-time choices in minutes, with their labels. */
export const RESPONSE_CHOICES = [
  { mins: 60, label: '1 hour' },
  { mins: 240, label: '4 hours' },
  { mins: 1440, label: '1 day' },
] as const;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

const numberIn = (raw: string | null, allowed: readonly number[]): number | undefined => {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return allowed.includes(value) ? value : undefined;
};

const coordinate = (raw: string | null, limit: number): number | undefined => {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
};

export function readDirectoryState(params: URLSearchParams): DirectoryState {
  const latitude = coordinate(params.get('lat'), 90);
  const longitude = coordinate(params.get('lng'), 180);
  const page = Number(params.get('page'));
  const expertise = params.get('expertise')?.trim().slice(0, 100);
  return {
    place: latitude !== undefined && longitude !== undefined ? { latitude, longitude, label: params.get('near') ?? '' } : undefined,
    radius: numberIn(params.get('miles'), RADIUS_CHOICES) ?? SEARCH_RADIUS.defaultMiles,
    expertise: expertise || undefined,
    minRating: numberIn(params.get('rating'), RATING_CHOICES),
    badge: oneOf(DIRECTORY_BADGES, params.get('badge')),
    maxResponseMins: numberIn(
      params.get('response'),
      RESPONSE_CHOICES.map((choice) => choice.mins),
    ),
    sort: oneOf(DIRECTORY_SORTS, params.get('sort')) ?? 'distance',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address bar's form: defaults left out, so a plain search has a plain URL. */
export function writeDirectoryState(state: DirectoryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.place) {
    params.set('lat', String(state.place.latitude));
    params.set('lng', String(state.place.longitude));
    if (state.place.label) params.set('near', state.place.label);
  }
  if (state.radius !== SEARCH_RADIUS.defaultMiles) params.set('miles', String(state.radius));
  if (state.expertise) params.set('expertise', state.expertise);
  if (state.minRating !== undefined) params.set('rating', String(state.minRating));
  if (state.badge) params.set('badge', state.badge);
  if (state.maxResponseMins !== undefined) params.set('response', String(state.maxResponseMins));
  if (state.sort !== 'distance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API's query (GET /api/search/experts) for a state that has a place. */
export function directoryQuery(state: DirectoryState & { place: NonNullable<DirectoryState['place']> }): URLSearchParams {
  const query = new URLSearchParams({
    latitude: String(state.place.latitude),
    longitude: String(state.place.longitude),
    radius_miles: String(state.radius),
    sort: state.sort,
    page: String(state.page),
  });
  if (state.expertise) query.set('expertise', state.expertise);
  if (state.minRating !== undefined) query.set('min_rating', String(state.minRating));
  if (state.badge) query.set('badge', state.badge);
  if (state.maxResponseMins !== undefined) query.set('max_response_mins', String(state.maxResponseMins));
  return query;
}
