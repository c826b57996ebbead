import { useEffect, useState } from 'react';
import { LOCATION_SEARCH } from '@shared/constants';
import { FALLBACK_CITIES, POPULAR_CITIES, filterCities, type LocationResult } from '@shared/domain/cities';
import { locationMessages } from '@shared/messages/location';
import { cachedSearch, rememberSearch, searchLocations } from './location-api';

type Phase = 'idle' | 'loading' | 'done' | 'failed';

interface SearchState {
  /** The query this state answers (trimmed). */
  query: string;
  phase: Phase;
  results: LocationResult[];
  /** Search failures in a row; a success resets it. */
  failures: number;
}

export interface LocationSearch {
  /** The options to offer, best first. */
  options: LocationResult[];
  /** Whether the options are the popular cities (short query, or the service is unavailable). */
  showingPopular: boolean;
  searching: boolean;
  /** Polite status text: "No locations found...", "Using popular cities...". */
  notice: string | null;
  /** Error texts after failures, in the order the spec gives them. */
  errors: string[];
}

const unique = (cities: LocationResult[]) => {
  const seen = new Set<string>();
  return cities.filter((city) => {
    const key = `${city.name}|${city.region}|${city.country}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Text search with the spec's rules: at least 2 characters, debounced 350 ms, cached per query,
 * 10 results; after a failure the built-in cities that match; after 2 failures in a row the
 * popular cities with the service-unavailable texts; after more than 2 the manual-entry hint.
 */
export function useLocationSearch(rawQuery: string): LocationSearch {
  const query = rawQuery.trim();
  const [state, setState] = useState<SearchState>({ query: '', phase: 'idle', results: [], failures: 0 });

  useEffect(() => {
    if (query.length < LOCATION_SEARCH.minQueryLength) {
      setState((previous) => ({ ...previous, query, phase: 'idle', results: [] }));
      return;
    }
    const cached = cachedSearch(query);
    if (cached) {
      setState((previous) => ({ ...previous, query, phase: 'done', results: cached }));
      return;
    }
    setState((previous) => ({ ...previous, query, phase: 'loading' }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchLocations(query, controller.signal).then(
        (results) => {
          if (controller.signal.aborted) return;
          rememberSearch(query, results);
          setState({ query, phase: 'done', results, failures: 0 });
        },
        () => {
          if (controller.signal.aborted) return;
          setState((previous) => ({ query, phase: 'failed', results: [], failures: previous.failures + 1 }));
        },
      );
    }, LOCATION_SEARCH.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const current = state.query === query ? state : { ...state, phase: 'loading' as Phase, results: [] };
  if (query.length < LOCATION_SEARCH.minQueryLength) {
    return {
      options: [...POPULAR_CITIES],
      showingPopular: true,
      searching: false,
      notice: null,
      errors: hints(state.failures),
    };
  }
  if (current.phase === 'failed') {
    const local = filterCities(FALLBACK_CITIES, query, LOCATION_SEARCH.resultLimit);
    const unavailable = current.failures >= LOCATION_SEARCH.failuresBeforeFallback;
    if (!unavailable) {
      return {
        options: local,
        showingPopular: false,
        searching: false,
        notice: null,
        errors: [locationMessages.searchFailed],
      };
    }
    return {
      options: unique([...local, ...POPULAR_CITIES]).slice(0, LOCATION_SEARCH.resultLimit),
      showingPopular: true,
      searching: false,
      notice: locationMessages.usingPopularCities,
      errors: [locationMessages.serviceUnavailable, ...hints(current.failures)],
    };
  }
  if (current.phase === 'done') {
    return {
      options: current.results,
      showingPopular: false,
      searching: false,
      notice: current.results.length === 0 ? locationMessages.noResults : null,
      errors: [],
    };
  }
  return { options: [], showingPopular: false, searching: true, notice: null, errors: hints(state.failures) };
}

/** "More than 2 attempts" failed: point to the manual entry. */
const hints = (failures: number) =>
  failures > LOCATION_SEARCH.failuresBeforeFallback ? [locationMessages.searchIssues] : [];
