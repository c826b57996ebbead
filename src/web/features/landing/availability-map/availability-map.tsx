import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { GeoJSON, MapContainer, Marker, Pane, Popup, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import { useQuery } from '@tanstack/react-query';
import { feature } from 'topojson-client';
import type { FeatureCollection } from 'geojson';
import type { Topology } from 'topojson-specification';
import { MAP } from '@shared/constants';
import { format } from '@shared/format-message';
import { mapMessages } from '@shared/messages/map';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';
import { Button } from '@web/components/ui/button';
import { useRuntimeConfig } from '@web/lib/runtime-config';
import { loadUsStates, loadWorldCountries } from './boundaries';
import { MAP_BOUNDARIES_KEY } from './map-data';
import { MARKER_HEX, STATE_HIGHLIGHT_HEX, markerColor, markerSize } from './map-markers';
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const placeLine = (location: MapLocationDto) =>
  [location.region, location.country].filter((part) => part && part !== location.name).join(', ');

function markerIcon(location: MapLocationDto): L.DivIcon {
  const size = markerSize(location.expert_count);
  const label = format(mapMessages.markerLabel, { name: location.name, count: location.expert_count });
  const fontSize = size >= 30 ? 12 : 10;
  return L.divIcon({
    className: 'availability-marker',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
    html:
      `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;` +
      `border-radius:9999px;background:${MARKER_HEX[markerColor(location.expert_count)]};color:#fff;` +
      `font:600 ${fontSize}px/1 system-ui,sans-serif;border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.35)">` +
      `<span class="sr-only">${escapeHtml(label)}</span><span aria-hidden="true">${location.expert_count}</span></span>`,
  });
}

function LocationMarker({
  location,
  onChoose,
}: {
  location: MapLocationDto;
  onChoose: AvailabilityMapProps['onChoose'];
}) {
  const icon = useMemo(() => markerIcon(location), [location]);
  return (
    <Marker position={[location.latitude, location.longitude]} icon={icon} riseOnHover>
      <Popup>
        {/* Divs, not paragraphs: Leaflet's stylesheet gives popup paragraphs wide margins. */}
        <div className="min-w-52 space-y-3 text-foreground">
          <div>
            <h3 className="text-base font-semibold leading-tight">{location.name}</h3>
            {placeLine(location) ? (
              <div className="text-sm text-muted-foreground">{placeLine(location)}</div>
            ) : null}
          </div>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{mapMessages.localExperts}</dt>
            <dd className="text-right font-semibold">{location.expert_count}</dd>
            <dt className="text-muted-foreground">{mapMessages.recentTasks}</dt>
            <dd className="text-right font-semibold">{location.recent_tasks}</dd>
          </dl>
          <Button type="button" size="sm" className="w-full" onClick={() => onChoose(location)}>
            {mapMessages.getLocalHelp}
          </Button>
        </div>
      </Popup>
    </Marker>
  );
}

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
  const states = useQuery({
    queryKey: [...MAP_BOUNDARIES_KEY, 'us-states'],
    queryFn: async () => toFeatures(await loadUsStates(), 'states'),
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

  const loading = !locations || !configReady || (!tileUrl && !world.data);

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
        {locations?.map((location) => (
          <LocationMarker
            key={`${location.name}|${location.region}|${location.country}|${location.latitude}|${location.longitude}`}
            location={location}
            onChoose={onChoose}
          />
        ))}
        <ZoomControl position="bottomright" />
        <FitToLocations locations={locations} />
      </MapContainer>
      {loading ? <MapLoading text={mapMessages.loadingNetwork} /> : null}
    </>
  );
}
