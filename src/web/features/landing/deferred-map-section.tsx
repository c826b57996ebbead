import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { mapMessages } from '@shared/messages/map';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';

/** The map section's code (and through it Leaflet and the map data) is a separate chunk. */
const MapSection = lazy(() => import('./availability-map/map-section').then((module) => ({ default: module.MapSection })));

/**
 * The map section as the landing page first paints it: same heading and frame, no code and no
 * data. The real section loads when this one scrolls into view or is touched, clicked or focused,
 * so a visitor who never reaches the map downloads neither Leaflet nor /api/map-locations.
 */
export function DeferredMapSection({ onChoose }: { onChoose: (location: MapLocationDto) => void }) {
  const [wanted, setWanted] = useState(false);
  // The map's frame, not the section's heading: the map loads when the map itself comes into view.
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (wanted) return;
    const element = frameRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  const wake = () => setWanted(true);
  const placeholder = (
    <section
      aria-labelledby="availability-map-heading"
      className="space-y-4"
      onPointerDown={wake}
      onTouchStart={wake}
      onFocus={wake}
    >
      <div className="space-y-1">
        <h2 id="availability-map-heading" className="text-2xl font-semibold tracking-tight md:text-3xl">
          {mapMessages.sectionTitle}
        </h2>
        <p className="text-muted-foreground">{mapMessages.sectionText}</p>
      </div>
      <div className="h-9 max-w-md" aria-hidden="true" />
      <div
        ref={frameRef}
        role="region"
        aria-label={mapMessages.regionLabel}
        tabIndex={0}
        className="relative isolate flex h-[440px] items-center justify-center overflow-hidden rounded-xl border bg-muted md:h-[540px]"
      >
        <span role="status" className="text-sm text-muted-foreground">
          {mapMessages.preloading}
        </span>
      </div>
    </section>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <MapSection onChoose={onChoose} />
    </Suspense>
  );
}
