import { useMemo, useState } from 'react';
import L from 'leaflet';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { MAP } from '@shared/constants';
import { format } from '@shared/format-message';
import { mapMessages } from '@shared/messages/map';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';
import { LocationMarker } from './location-marker';
import { buildClusterIndex, clusterSize, itemsInView, type ClusterIndex } from './map-clusters';

/** The cluster disc: a dark teal ring (white text at 4.5:1 or better), distinct from the place markers. */
const CLUSTER_HEX = '#0f4c5c';

interface View {
  bbox: [number, number, number, number];
  zoom: number;
}

const viewOf = (map: L.Map): View => {
  const bounds = map.getBounds();
  return {
    bbox: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    zoom: map.getZoom(),
  };
};

function clusterIcon(places: number, experts: number): L.DivIcon {
  const size = clusterSize(places);
  const label = format(mapMessages.clusterLabel, { places, experts });
  return L.divIcon({
    className: 'availability-cluster',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    html:
      `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;` +
      `border-radius:9999px;background:${CLUSTER_HEX};color:#fff;font:700 13px/1 system-ui,sans-serif;` +
      `border:3px solid #fff;box-shadow:0 0 0 4px rgba(15,76,92,.35),0 1px 4px rgba(0,0,0,.35)">` +
      `<span class="sr-only">${label}</span><span aria-hidden="true">${places}</span></span>`,
  });
}

function ClusterMarker({
  index,
  id,
  latitude,
  longitude,
  places,
  experts,
}: {
  index: ClusterIndex;
  id: number;
  latitude: number;
  longitude: number;
  places: number;
  experts: number;
}) {
  const map = useMap();
  const icon = useMemo(() => clusterIcon(places, experts), [places, experts]);
  const zoomIn = () => {
    const zoom = Math.min(index.getClusterExpansionZoom(id), MAP.maxZoom);
    map.setView([latitude, longitude], zoom);
  };
  return (
    <Marker position={[latitude, longitude]} icon={icon} eventHandlers={{ click: zoomIn }} riseOnHover />
  );
}

/**
 * The places as markers, clustered by supercluster for the current view: clusters show how many
 * places they hold and zoom in when chosen; single places keep their colour, size and popup.
 */
export function ClusteredMarkers({
  locations,
  onChoose,
}: {
  locations: MapLocationDto[];
  onChoose: (location: MapLocationDto) => void;
}) {
  const map = useMap();
  const [view, setView] = useState<View>(() => viewOf(map));
  useMapEvents({ moveend: () => setView(viewOf(map)), zoomend: () => setView(viewOf(map)) });
  const index = useMemo(() => buildClusterIndex(locations), [locations]);
  const items = useMemo(() => itemsInView(index, view.bbox, view.zoom), [index, view]);
  return (
    <>
      {items.map((item) =>
        item.kind === 'cluster' ? (
          <ClusterMarker key={`cluster-${item.id}`} index={index} {...item} />
        ) : (
          <LocationMarker
            key={`${item.location.name}|${item.location.region}|${item.location.country}|${item.location.latitude}|${item.location.longitude}`}
            location={item.location}
            onChoose={onChoose}
          />
        ),
      )}
    </>
  );
}
