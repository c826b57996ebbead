import { TASK_CATEGORIES, TASK_URGENCIES, type TaskCategory, type TaskUrgency } from '@shared/domain/enums';
import { SEARCH_RADIUS, TASK_SEARCH_SORTS, type TaskSearchSort } from '@shared/schemas/discovery.schemas';

/**
 * The task search's filters as they live in the address bar (so a search can be shared and restored):
 * budgets in whole dollars, the place as lat/lng/label, the view and the page. Anything unreadable is
 * dropped rather than sent, so an edited URL never breaks the page.
 */
export interface TaskSearchState {
  category?: TaskCategory;
  urgency?: TaskUrgency;
  radius: number;
  minDollars?: number;
  maxDollars?: number;
  dueBefore?: string;
  sort: TaskSearchSort;
  place?: { latitude: number; longitude: number; label: string };
  view: 'list' | 'map';
  page: number;
}

export const RADIUS_CHOICES = [10, 25, 50, 75, 100] as const;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

const wholeNumber = (raw: string | null, min: number, max: number): number | undefined => {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
};

const coordinate = (raw: string | null, limit: number): number | undefined => {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
};

export function readSearchState(params: URLSearchParams): TaskSearchState {
  const latitude = coordinate(params.get('lat'), 90);
  const longitude = coordinate(params.get('lng'), 180);
  const dueBefore = params.get('due');
  return {
    category: oneOf(TASK_CATEGORIES, params.get('category')),
    urgency: oneOf(TASK_URGENCIES, params.get('urgency')),
    radius: wholeNumber(params.get('miles'), SEARCH_RADIUS.minMiles, SEARCH_RADIUS.maxMiles) ?? SEARCH_RADIUS.defaultMiles,
    minDollars: wholeNumber(params.get('min'), 0, 1_000_000),
    maxDollars: wholeNumber(params.get('max'), 0, 1_000_000),
    dueBefore: dueBefore && /^\d{4}-\d{2}-\d{2}$/.test(dueBefore) ? dueBefore : undefined,
    sort: oneOf(TASK_SEARCH_SORTS, params.get('sort')) ?? 'newest',
    place:
      latitude !== undefined && longitude !== undefined
        ? { latitude, longitude, label: params.get('near') ?? '' }
        : undefined,
    view: params.get('view') === 'map' ? 'map' : 'list',
    page: wholeNumber(params.get('page'), 1, 100_000) ?? 1,
  };
}

/** The address bar's form of the state: defaults left out, so a plain search has a plain URL. */
export function writeSearchState(state: TaskSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.category) params.set('category', state.category);
  if (state.urgency) params.set('urgency', state.urgency);
  if (state.radius !== SEARCH_RADIUS.defaultMiles) params.set('miles', String(state.radius));
  if (state.minDollars !== undefined) params.set('min', String(state.minDollars));
  if (state.maxDollars !== undefined) params.set('max', String(state.maxDollars));
  if (state.dueBefore) params.set('due', state.dueBefore);
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.place) {
    params.set('lat', String(state.place.latitude));
    params.set('lng', String(state.place.longitude));
    if (state.place.label) params.set('near', state.place.label);
  }
  if (state.view === 'map') params.set('view', 'map');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API's query for the state: cents, ISO day, the page. */
export function apiQuery(state: TaskSearchState, pageSize: number) {
  return {
    category: state.category,
    urgency: state.urgency,
    radius_miles: state.radius,
    budget_min: state.minDollars === undefined ? undefined : state.minDollars * 100,
    budget_max: state.maxDollars === undefined ? undefined : state.maxDollars * 100,
    due_before: state.dueBefore,
    sort: state.sort,
    latitude: state.place?.latitude,
    longitude: state.place?.longitude,
    page: state.page,
    pageSize,
  };
}
