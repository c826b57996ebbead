import { lazy, Suspense, useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MAP_LOCATIONS } from '@shared/constants';
import { format } from '@shared/format-message';
import { countText } from '@shared/plural';
import { mapMessages } from '@shared/messages/map';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';
import { Badge } from '@web/components/ui/badge';
import { Input } from '@web/components/ui/input';
import { useDebouncedValue } from '../use-debounced-value';
import { MAP_BOUNDARIES_KEY, MAP_LOCATIONS_KEY, mapLocationsQuery, totalExperts } from './map-data';
import { MapLegend } from './map-legend';
import { MapEmpty, MapError, MapErrorBoundary, MapLoading } from './map-overlays';

/** A fresh lazy component per attempt: React remembers a failed chunk load for the life of a lazy(). */
const lazyMap = () => lazy(() => import('./availability-map'));

/**
 * The availability map section: search, badges, the lazily loaded Leaflet map with its loading,
 * empty and error states, and the legend. Choosing "Get Local Help Here" calls `onChoose`.
 */
export function MapSection({ onChoose }: { onChoose: (location: MapLocationDto) => void }) {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), MAP_LOCATIONS.searchDebounceMs);
  const [attempt, setAttempt] = useState(0);
  const [MapView, setMapView] = useState(lazyMap);
  const [statesWithExperts, setStatesWithExperts] = useState(0);

  const query = useQuery(mapLocationsQuery(search));
  const data = query.data;
  const locations = data?.locations;

  const retry = useCallback(() => {
    void queryClient.resetQueries({ queryKey: MAP_BOUNDARIES_KEY });
    void queryClient.resetQueries({ queryKey: MAP_LOCATIONS_KEY });
    setMapView(() => lazyMap());
    setAttempt((value) => value + 1);
  }, [queryClient]);

  const loaded = !query.isPending && !query.isPlaceholderData;
  const empty = loaded && !query.isError && locations?.length === 0;
  const errorState = <MapError onRetry={retry} />;

  return (
    <section aria-labelledby="availability-map-heading" className="space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="space-y-1">
          <h2 id="availability-map-heading" className="text-2xl font-semibold tracking-tight md:text-3xl">
            {mapMessages.sectionTitle}
          </h2>
          <p className="text-muted-foreground">{mapMessages.sectionText}</p>
        </div>
        <div className="flex flex-wrap gap-2" aria-live="polite">
          {data ? (
            <>
              <Badge variant="secondary" className="px-3 py-1 text-sm">
                {countText(totalExperts(data), { one: mapMessages.totalExpertsOne, other: mapMessages.totalExperts })}
              </Badge>
              {data.totals ? (
                <Badge variant="secondary" className="px-3 py-1 text-sm">
                  {countText(data.totals.tasks_completed, {
                    one: mapMessages.totalTasksCompletedOne,
                    other: mapMessages.totalTasksCompleted,
                  })}
                </Badge>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
      <div className="relative max-w-md">
        <Input
          type="search"
          aria-label={mapMessages.searchLabel}
          placeholder={mapMessages.searchPlaceholder}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      <div
        role="region"
        aria-label={mapMessages.regionLabel}
        className="relative isolate h-[440px] overflow-hidden rounded-xl border bg-muted md:h-[540px]"
        data-testid="availability-map"
      >
        {query.isError ? (
          errorState
        ) : (
          <MapErrorBoundary key={attempt} fallback={errorState}>
            <Suspense fallback={<MapLoading text={mapMessages.preloading} />}>
              <MapView locations={locations} onChoose={onChoose} onStatesWithExperts={setStatesWithExperts} />
            </Suspense>
          </MapErrorBoundary>
        )}
        {empty && !search ? (
          <MapEmpty onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
        ) : null}
        {empty && search ? (
          <p
            className="absolute left-1/2 top-3 z-[1000] -translate-x-1/2 rounded-md bg-background px-3 py-1.5 text-sm shadow"
            role="status"
          >
            {format(mapMessages.noMatches, { query: search })}
          </p>
        ) : null}
      </div>
      <MapLegend
        locations={query.isError ? 0 : (locations?.length ?? 0)}
        states={query.isError ? 0 : statesWithExperts}
      />
    </section>
  );
}
