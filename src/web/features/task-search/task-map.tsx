import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import { GeoJSON, MapContainer, Marker, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import { useQuery } from '@tanstack/react-query';
import Supercluster from 'supercluster';
import { feature } from 'topojson-client';
import type { FeatureCollection } from 'geojson';
import type { Topology } from 'topojson-specification';
import { useNavigate } from '@web/lib/navigation';
import { MAP } from '@shared/constants';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { TaskMapPointDto } from '@shared/schemas/discovery.schemas';
import { useRuntimeConfig } from '@web/lib/runtime-config';

/**
 * The task search's map: the same offline base map as the landing page (country shapes served by our
 * server, or tiles when a tile URL is configured) with the matching tasks clustered by supercluster
 * (decisions 0103, 0120, 0181). Lazily loaded with Leaflet, like the landing map.
 */

const discoveryText = messages.discovery;
const WORLD_COUNTRIES_URL = '/api/static-data/world-countries.json';
const OCEAN = '#cfe3ee';
const LAND_STYLE: L.PathOptions = { color: '#9aa9b3', weight: 0.6, fillColor: '#f7f5ef', fillOpacity: 1 };
const CLUSTER_HEX = '#0f4c5c';
const TASK_HEX = '#1d4ed8';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

function disc(size: number, colour: string, label: string, shown: string) {
  return L.divIcon({
    className: 'task-search-marker',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    html:
      `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;` +
      `border-radius:9999px;background:${colour};color:#fff;font:700 12px/1 system-ui,sans-serif;border:2px solid #fff;` +
      `box-shadow:0 1px 4px rgba(0,0,0,.35)"><span class="sr-only">${escapeHtml(label)}</span>` +
      `<span aria-hidden="true">${escapeHtml(shown)}</span></span>`,
  });
}

async function loadCountries(): Promise<FeatureCollection> {
  const response = await fetch(WORLD_COUNTRIES_URL);
  if (!response.ok) throw new Error(`Boundary data answered ${response.status}`);
  const topology = (await response.json()) as Topology;
  return feature(topology, topology.objects.countries) as unknown as FeatureCollection;
}

type Index = Supercluster<{ point: TaskMapPointDto }, Record<string, never>>;

function Markers({ points }: { points: TaskMapPointDto[] }) {
  const map = useMap();
  const navigate = useNavigate();
  const viewOf = () => {
    const b = map.getBounds();
    return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] as [number, number, number, number], zoom: map.getZoom() };
  };
  const [view, setView] = useState(viewOf);
  useMapEvents({ moveend: () => setView(viewOf()), zoomend: () => setView(viewOf()) });
  const index = useMemo(() => {
    const built: Index = new Supercluster({ radius: 48, extent: 256, maxZoom: 12 });
    built.load(
      points.map((point) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] },
        properties: { point },
      })),
    );
    return built;
  }, [points]);
  const items = index.getClusters(view.bbox, Math.round(view.zoom));
  return (
    <>
      {items.map((item) => {
        const [longitude, latitude] = item.geometry.coordinates as [number, number];
        const props = item.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; point?: TaskMapPointDto };
        if (props.cluster) {
          const count = props.point_count ?? 0;
          return (
            <Marker
              key={`c-${props.cluster_id}`}
              position={[latitude, longitude]}
              icon={disc(count >= 10 ? 38 : 32, CLUSTER_HEX, format(discoveryText.mapClusterLabel, { count }), String(count))}
              eventHandlers={{
                click: () => map.setView([latitude, longitude], Math.min(index.getClusterExpansionZoom(props.cluster_id!), MAP.maxZoom)),
              }}
            />
          );
        }
        const point = props.point!;
        const label = format(discoveryText.mapTaskLabel, { title: point.title, budget: dollars(point.budget), miles: point.distance_miles.toFixed(1) });
        return (
          <Marker
            key={point.id}
            position={[latitude, longitude]}
            icon={disc(28, TASK_HEX, label, '$')}
            title={label}
            eventHandlers={{ click: () => void navigate(`/task/${point.id}`) }}
          />
        );
      })}
    </>
  );
}

/** Fits the view to the search circle once per centre and radius. */
function FitCircle({ latitude, longitude, miles }: { latitude: number; longitude: number; miles: number }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(L.latLng(latitude, longitude).toBounds(miles * 2 * 1609.344), { padding: [16, 16] });
  }, [map, latitude, longitude, miles]);
  return null;
}

export interface TaskMapProps {
  points: TaskMapPointDto[];
  centre: { latitude: number; longitude: number };
  radiusMiles: number;
}

export default function TaskMap({ points, centre, radiusMiles }: TaskMapProps) {
  const config = useRuntimeConfig();
  const tileUrl = config.data?.mapTileUrl ?? null;
  const world = useQuery({
    queryKey: ['map', 'boundaries', 'world-plain'],
    queryFn: loadCountries,
    enabled: !config.isPending && !tileUrl,
    staleTime: Infinity,
  });
  return (
    <MapContainer
      center={[centre.latitude, centre.longitude]}
      zoom={8}
      minZoom={MAP.minZoom}
      maxZoom={MAP.maxZoom}
      zoomControl={false}
      className="size-full"
      style={{ background: tileUrl ? undefined : OCEAN }}
    >
      {tileUrl ? (
        <TileLayer url={tileUrl} attribution={config.data?.mapTileAttribution ?? ''} />
      ) : world.data ? (
        <GeoJSON data={world.data} style={LAND_STYLE} interactive={false} attribution="Natural Earth" />
      ) : null}
      <Markers points={points} />
      <FitCircle latitude={centre.latitude} longitude={centre.longitude} miles={radiusMiles} />
      <ZoomControl position="bottomright" />
    </MapContainer>
  );
}
