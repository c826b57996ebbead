import Supercluster from 'supercluster';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';
import { MAP } from '@shared/constants';

/**
 * Marker clustering for the availability map (supercluster): nearby places merge into one cluster
 * marker at low zooms, labelled with how many places it holds; from CLUSTER_MAX_ZOOM on every place
 * has its own marker. See docs/decisions/0120-map-marker-clustering.md.
 */

/** Places closer than this many screen pixels merge. */
export const CLUSTER_RADIUS_PX = 56;
/** From this zoom on, no clustering: every place shows its own marker. */
export const CLUSTER_MAX_ZOOM = 9;

interface PlaceProps {
  location: MapLocationDto;
  experts: number;
}
interface ClusterProps {
  experts: number;
}

export type ClusterIndex = Supercluster<PlaceProps, ClusterProps>;

export type MapItem =
  | { kind: 'place'; location: MapLocationDto }
  | { kind: 'cluster'; id: number; latitude: number; longitude: number; places: number; experts: number };

export function buildClusterIndex(locations: readonly MapLocationDto[]): ClusterIndex {
  const index = new Supercluster<PlaceProps, ClusterProps>({
    radius: CLUSTER_RADIUS_PX,
    // Leaflet tiles are 256 px, so the radius is in screen pixels.
    extent: 256,
    maxZoom: CLUSTER_MAX_ZOOM - 1,
    minZoom: MAP.minZoom,
    map: (props) => ({ experts: props.experts }),
    reduce: (total, props) => {
      total.experts += props.experts;
    },
  });
  index.load(
    locations.map((location) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [location.longitude, location.latitude] },
      properties: { location, experts: location.expert_count },
    })),
  );
  return index;
}

/** What to draw for a view: bbox is [west, south, east, north] in degrees, zoom Leaflet's. */
export function itemsInView(
  index: ClusterIndex,
  bbox: [number, number, number, number],
  zoom: number,
): MapItem[] {
  return index.getClusters(bbox, Math.round(zoom)).map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      return {
        kind: 'cluster',
        id: props.cluster_id,
        latitude,
        longitude,
        places: props.point_count,
        experts: props.experts,
      };
    }
    return { kind: 'place', location: (props as PlaceProps).location };
  });
}

/** Cluster discs grow with the number of places they hold: 34 px for 2, up to 52 px. */
export function clusterSize(places: number): number {
  if (places < 5) return 34;
  if (places < 15) return 40;
  if (places < 40) return 46;
  return 52;
}
