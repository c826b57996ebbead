import { LocationPicker } from '@web/components/location-picker';
import type { PickedLocation } from './application-validation';

/** The shared location picker (search, popular cities, use-current-location, manual coordinates). */
export function ServiceLocationField({
  value,
  onChange,
  error,
}: {
  value: PickedLocation | null;
  onChange: (location: PickedLocation) => void;
  error?: string | null;
}) {
  return <LocationPicker label="Service Location" required value={value} onChange={onChange} error={error ?? undefined} />;
}
