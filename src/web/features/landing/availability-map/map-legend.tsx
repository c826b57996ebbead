import { mapMessages } from '@shared/messages/map';
import { MARKER_HEX, STATE_HIGHLIGHT_HEX } from './map-markers';

const Dot = ({ color }: { color: string }) => (
  <span
    aria-hidden="true"
    className="inline-block size-3 rounded-full border border-white shadow"
    style={{ background: color }}
  />
);

/** The spec's legend: marker colours, active locations and highlighted states (with their counts). */
export function MapLegend({ locations, states }: { locations: number; states: number }) {
  const items = [
    { key: 'many', swatch: <Dot color={MARKER_HEX.green} />, label: mapMessages.legendMany, count: null },
    { key: 'some', swatch: <Dot color={MARKER_HEX.blue} />, label: mapMessages.legendSome, count: null },
    {
      key: 'active',
      swatch: <Dot color={MARKER_HEX.indigo} />,
      label: mapMessages.legendActive,
      count: locations,
    },
    {
      key: 'states',
      swatch: (
        <span
          aria-hidden="true"
          className="inline-block size-3 rounded-sm border border-teal-700"
          style={{ background: `${STATE_HIGHLIGHT_HEX}80` }}
        />
      ),
      label: mapMessages.legendStates,
      count: states,
    },
  ];
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label={mapMessages.legendLabel}>
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-2">
          {item.swatch}
          <span>{item.label}</span>
          {item.count !== null ? <span className="font-semibold tabular-nums">({item.count})</span> : null}
        </li>
      ))}
    </ul>
  );
}
