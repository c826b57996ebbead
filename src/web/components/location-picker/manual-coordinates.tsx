import { useId, useState, type KeyboardEvent } from 'react';
import type { LocationResult } from '@shared/domain/cities';
import { locationMessages } from '@shared/messages/location';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { parseCoordinates } from './coordinates';

interface ManualCoordinatesProps {
  initial: LocationResult | null;
  onApply: (lat: number, lng: number) => Promise<void>;
  onCancel: () => void;
}

/** Manual coordinate entry; anything that is not a valid latitude and longitude is "Invalid coordinates". */
export function ManualCoordinates({ initial, onApply, onCancel }: ManualCoordinatesProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [lat, setLat] = useState(initial ? String(initial.lat) : '');
  const [lng, setLng] = useState(initial ? String(initial.lng) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const coordinates = parseCoordinates(lat, lng);
    if (!coordinates) {
      setError(locationMessages.invalidCoordinates);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onApply(coordinates.lat, coordinates.lng);
    } finally {
      setBusy(false);
    }
  };

  // Enter applies the coordinates instead of submitting a surrounding form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  const invalid = error ? true : undefined;
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{locationMessages.enterCoordinates}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-lat`}>{locationMessages.latitude}</Label>
          <Input
            id={`${id}-lat`}
            inputMode="decimal"
            autoFocus
            value={lat}
            placeholder="40.7128"
            aria-invalid={invalid}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setLat(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-lng`}>{locationMessages.longitude}</Label>
          <Input
            id={`${id}-lng`}
            inputMode="decimal"
            value={lng}
            placeholder="-74.006"
            aria-invalid={invalid}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setLng(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={() => void apply()} disabled={busy}>
          {locationMessages.useCoordinates}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {locationMessages.cancel}
        </Button>
      </div>
    </fieldset>
  );
}
