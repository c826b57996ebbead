import { Component, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { mapMessages } from '@shared/messages/map';
import { Button } from '@web/components/ui/button';

/** The map's loading, empty and error states, drawn over (or instead of) the map. */

const overlayClasses =
  'absolute inset-0 z-[1000] flex flex-col items-center justify-center gap-3 p-6 text-center';

export function MapLoading({ text }: { text: string }) {
  return (
    <div className={`${overlayClasses} bg-background/80`}>
      <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-muted-foreground border-t-transparent"
        />
        {text}
      </span>
    </div>
  );
}

export function MapEmpty({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  return (
    <div className={`${overlayClasses} bg-background/85`}>
      <h3 className="text-lg font-semibold">{mapMessages.emptyTitle}</h3>
      <p className="max-w-sm text-sm text-muted-foreground">{mapMessages.emptyText}</p>
      <Button type="button" variant="outline" onClick={onRefresh} disabled={refreshing}>
        {mapMessages.refreshNetwork}
      </Button>
    </div>
  );
}

export function MapError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={`${overlayClasses} bg-muted`} role="alert">
      <AlertTriangle aria-hidden="true" className="size-10 text-destructive" />
      <h3 className="text-lg font-semibold">{mapMessages.errorTitle}</h3>
      <p className="max-w-sm text-sm text-muted-foreground">{mapMessages.loadError}</p>
      <Button type="button" onClick={onRetry}>
        {mapMessages.retry}
      </Button>
    </div>
  );
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Anything that fails while building the map (its code, boundary data, Leaflet) shows the error state. */
export class MapErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn('The availability map failed to build', error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
