import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { GeoJSON, MapContainer, Pane, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import { useQuery } from '@tanstack/react-query';
import { feature } from 'topojson-client';
import type { FeatureCollection } from 'geojson';
import type { Topology } from 'topojson-specification';
import { MAP } from '@shared/constants';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';
import { useRuntimeConfig } from '@web/lib/runtime-config';
import { loadUsStates, loadWorldCountries } from './boundaries';
import { MAP_BOUNDARIES_KEY } from './map-data';
import { ClusteredMarkers } from './clustered-markers';
import { STATE_HIGHLIGHT_HEX } from './map-markers';
import { mapLoadingText } from './map-loading-phase';
import { MapLoading } from './map-overlays';
import { stateName, statesWithLocations, type StateFeature } from './state-highlight';
import { prepareShapes } from './world-shapes';

/**
 * The Leaflet map itself: a lazily loaded chunk (with Leaflet and its CSS) so that none of it is in
 * the landing page's initial JS. Boundary data failing to load throws to the section's error
 * boundary, which shows the map error state.
 */

export interface AvailabilityMapProps {
  /** Undefined while the locations load. */
  locations: MapLocationDto[] | undefined;
  onChoose: (location: MapLocationDto) => void;
  onStatesWithExperts: (count: number) => void;
}

const OCEAN = '#cfe3ee';
const LAND_STYLE: L.PathOptions = { color: '#9aa9b3', weight: 0.6, fillColor: '#f7f5ef', fillOpacity: 1 };
const STATE_STYLE: L.PathOptions = { color: '#7d8f99', weight: 0.6, fill: false };
const STATE_HIGHLIGHT_STYLE: L.PathOptions = {
  color: '#0f766e',
  weight: 1,
  fill: true,
  fillColor: STATE_HIGHLIGHT_HEX,
  fillOpacity: 0.35,
};

const toFeatures = (topology: Topology, objectName: string) =>
  prepareShapes(feature(topology, topology.objects[objectName]) as unknown as FeatureCollection);

/** Fits the view to the markers (never closer than zoom 8); with none, the default US view stays. */
function FitToLocations({ locations }: { locations: MapLocationDto[] | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (!locations || locations.length === 0) return;
    const bounds = L.latLngBounds(
      locations.map((location) => [location.latitude, location.longitude] as [number, number]),
    );
    map.fitBounds(bounds, { maxZoom: MAP.fitBoundsMaxZoom, padding: [36, 36] });
  }, [map, locations]);
  return null;
}

export default function AvailabilityMap({ locations, onChoose, onStatesWithExperts }: AvailabilityMapProps) {
  const config = useRuntimeConfig();
  const configReady = !config.isPending;
  const tileUrl = config.data?.mapTileUrl ?? null;

  const world = useQuery({
    queryKey: [...MAP_BOUNDARIES_KEY, 'world'],
    queryFn: async () => toFeatures(await loadWorldCountries(), 'countries'),
    enabled: configReady && !tileUrl,
    staleTime: Infinity,
    retry: 1,
    throwOnError: true,
  });
  const basemapReady = configReady && (Boolean(tileUrl) || Boolean(world.data));
  // The network layer (states with experts, then the markers) follows the basemap, so the overlay
  // reads "Preloading map..." and then "Loading global network..." (spec 000, availability map).
  const states = useQuery({
    queryKey: [...MAP_BOUNDARIES_KEY, 'us-states'],
    queryFn: async () => toFeatures(await loadUsStates(), 'states'),
    enabled: basemapReady,
    staleTime: Infinity,
    retry: 1,
    throwOnError: true,
  });

  const highlighted = useMemo(
    () =>
      states.data && locations
        ? statesWithLocations(states.data.features as StateFeature[], locations)
        : new Set<string>(),
    [states.data, locations],
  );
  useEffect(() => onStatesWithExperts(highlighted.size), [highlighted, onStatesWithExperts]);

  const stateStyle = useMemo(
    () => (state?: StateFeature) =>
      state && highlighted.has(stateName(state)) ? STATE_HIGHLIGHT_STYLE : STATE_STYLE,
    [highlighted],
  );

  const loadingText = mapLoadingText({
    basemapReady,
    networkReady: Boolean(locations) && Boolean(states.data),
  });

  return (
    <>
      <MapContainer
        center={[MAP.defaultCenter.latitude, MAP.defaultCenter.longitude]}
        zoom={MAP.defaultZoom}
        minZoom={MAP.minZoom}
        maxZoom={MAP.maxZoom}
        zoomControl={false}
        worldCopyJump
        className="size-full"
        style={{ background: tileUrl ? undefined : OCEAN }}
      >
        {/* Panes fix the drawing order whichever boundary file arrives first: land, then states. */}
        <Pane name="base-land" style={{ zIndex: 250 }}>
          {tileUrl ? null : world.data ? (
            <GeoJSON data={world.data} style={LAND_STYLE} interactive={false} attribution="Natural Earth" />
          ) : null}
        </Pane>
        {tileUrl ? <TileLayer url={tileUrl} attribution={config.data?.mapTileAttribution ?? ''} /> : null}
        <Pane name="us-states" style={{ zIndex: 350 }}>
          {states.data ? <GeoJSON data={states.data} style={stateStyle} interactive={false} /> : null}
        </Pane>
        {locations ? <ClusteredMarkers locations={locations} onChoose={onChoose} /> : null}
        <ZoomControl position="bottomright" />
        <FitToLocations locations={locations} />
      </MapContainer>
      {loadingText ? <MapLoading text={loadingText} /> : null}
    </>
  );
}
