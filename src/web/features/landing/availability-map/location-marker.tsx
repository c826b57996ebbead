import { useMemo } from 'react';
import L from 'leaflet';
import { Marker, Popup } from 'react-leaflet';
import { countText } from '@shared/plural';
import { mapMessages } from '@shared/messages/map';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';
import { Button } from '@web/components/ui/button';
import { MARKER_HEX, markerColor, markerSize } from './map-markers';

/** One place's marker (the spec's colour and size by expert count) and its popup. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const placeLine = (location: MapLocationDto) =>
  [location.region, location.country].filter((part) => part && part !== location.name).join(', ');

function markerIcon(location: MapLocationDto): L.DivIcon {
  const size = markerSize(location.expert_count);
  const label = countText(location.expert_count, { one: mapMessages.markerLabelOne, other: mapMessages.markerLabel }, { name: location.name });
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

export function LocationMarker({
  location,
  onChoose,
}: {
  location: MapLocationDto;
  onChoose: (location: MapLocationDto) => void;
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
