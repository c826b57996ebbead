import { useId, useState, type KeyboardEvent } from 'react';
import { LocateFixed, MapPin } from 'lucide-react';
import type { LocationResult } from '@shared/domain/cities';
import { geolocationMessages } from '@shared/messages/geolocation';
import { locationMessages } from '@shared/messages/location';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/components/ui/cn';
import { formatCoordinates, locationAt, locationLabel } from './coordinates';
import { currentPosition } from './geolocation';
import { reverseGeocode } from './location-api';
import { ManualCoordinates } from './manual-coordinates';
import { useLocationSearch } from './use-location-search';

export interface LocationPickerProps {
  value: LocationResult | null;
  onChange: (location: LocationResult) => void;
  label?: string;
  /** An error text to show under the field (e.g. the form's "Please select a location"). */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

const secondaryLine = (location: LocationResult) =>
  [location.region, location.country].filter((part) => part && part !== location.name).join(', ');

/**
 * The reusable location field (spec: Location picker): text search as a combobox with a listbox of
 * results or popular cities, the device position, and manual coordinates (double-click the field
 * or use "Enter coordinates"). Its value has the shape { name, lat, lng, address, country, region }.
 */
export function LocationPicker({
  value,
  onChange,
  label = locationMessages.label,
  error,
  required,
  disabled,
  className,
}: LocationPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const headingId = `${id}-heading`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;

  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [manualOpen, setManualOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);

  const search = useLocationSearch(editing ? text : '');
  const options = search.options;
  const expanded = open && !disabled && (options.length > 0 || search.searching);
  const active = expanded && activeIndex >= 0 && activeIndex < options.length ? activeIndex : -1;

  const choose = (location: LocationResult) => {
    onChange(location);
    setEditing(false);
    setOpen(false);
    setActiveIndex(-1);
    setGeoError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((current) =>
        current < 0 && step < 0 ? options.length - 1 : (current + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      if (active >= 0) {
        event.preventDefault();
        choose(options[active]);
      } else if (expanded) {
        event.preventDefault();
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      } else {
        setEditing(false);
      }
    }
  };

  const useCurrentLocation = async () => {
    setGeoError(null);
    setLocating(true);
    try {
      const { lat, lng } = await currentPosition();
      const place = await reverseGeocode(lat, lng).catch(() => null);
      choose(locationAt(lat, lng, place, locationMessages.currentLocationName));
    } catch (failure) {
      setGeoError(failure instanceof Error ? failure.message : geolocationMessages.failed);
    } finally {
      setLocating(false);
    }
  };

  const describedBy = [hintId, statusId].join(' ');
  const shownText = editing ? text : value ? locationLabel(value) : '';

  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={inputId}>
        {label}
        {required ? <span aria-hidden="true">*</span> : null}
      </Label>
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground"
        />
        <Input
          id={inputId}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          autoComplete="off"
          className="pl-8"
          placeholder={locationMessages.placeholder}
          value={shownText}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setEditing(true);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setEditing(false);
            setActiveIndex(-1);
          }}
          onDoubleClick={() => {
            setOpen(false);
            setManualOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {/* Not a Tab stop: Chromium makes a scrolling box focusable, so Tab from the field landed on
            this list, which then closed on the field's blur and dropped focus to the page (issue 25).
            The field's arrow keys move through the options. */}
        <div
          tabIndex={-1}
          data-testid="location-picker-popup"
          className={cn(
            'absolute left-0 right-0 top-full z-[1100] mt-1 max-h-72 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
            !expanded && 'hidden',
          )}
        >
          <p id={headingId} className="px-2 py-1 text-xs font-medium text-muted-foreground">
            {search.searching
              ? locationMessages.searching
              : search.showingPopular
                ? locationMessages.popularCities
                : locationMessages.searchResults}
          </p>
          <ul id={listId} role="listbox" aria-labelledby={headingId}>
            {options.map((option, index) => (
              <li
                key={`${option.name}|${option.region}|${option.country}|${option.lat}|${option.lng}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                  index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                <span className="font-medium">{option.name}</span>
                {secondaryLine(option) ? (
                  <span className="block text-xs text-muted-foreground">{secondaryLine(option)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {locationMessages.manualHint}
      </p>
      <div id={statusId} className="space-y-1 text-sm">
        <p aria-live="polite" className="text-muted-foreground empty:hidden">
          {editing && search.notice ? search.notice : ''}
        </p>
        {(editing
          ? search.errors
          : search.errors.filter((text) => text === locationMessages.searchIssues)
        ).map((text) => (
          <p key={text} role="alert" className="text-destructive">
            {text}
          </p>
        ))}
        {geoError ? (
          <p role="alert" className="text-destructive">
            {geoError}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={useCurrentLocation}
          disabled={disabled || locating}
        >
          <LocateFixed aria-hidden="true" />
          {locating ? locationMessages.locating : locationMessages.useCurrentLocation}
        </Button>
        <Button
          type="button"
          variant="link"
          size="sm"
          onClick={() => setManualOpen(true)}
          disabled={disabled}
          aria-expanded={manualOpen}
        >
          {locationMessages.enterCoordinates}
        </Button>
      </div>
      {manualOpen ? (
        <ManualCoordinates
          initial={value}
          onCancel={() => setManualOpen(false)}
          onApply={async (lat, lng) => {
            const place = await reverseGeocode(lat, lng).catch(() => null);
            choose(locationAt(lat, lng, place));
            setManualOpen(false);
          }}
        />
      ) : null}
      {value ? (
        <p className="text-xs text-muted-foreground" data-testid="location-picker-value">
          {formatCoordinates(value.lat, value.lng)}
        </p>
      ) : null}
    </div>
  );
}
