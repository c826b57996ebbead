import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import { currentPosition } from '@web/components/location-picker/geolocation';

export type ExpertCentre =
  | { state: 'profile'; latitude: number; longitude: number; label: string }
  | { state: 'device'; latitude: number; longitude: number }
  | { state: 'locating' }
  /** No profile coordinates and no device position: the server falls back to what it knows. */
  | { state: 'unavailable' };

/**
 * The point the "Available Tasks" list is centred on: the expert's service location, else the
 * browser's position. A refused or failed position gets the spec's warning.
 */
export function useExpertCentre(
  expert: MyExpertProfileDto | null | undefined,
  profileLoaded: boolean,
): ExpertCentre {
  const fromProfile =
    expert && expert.latitude !== null && expert.longitude !== null
      ? { latitude: expert.latitude, longitude: expert.longitude, label: expert.location ?? '' }
      : null;
  const needDevice = profileLoaded && !fromProfile;
  const [device, setDevice] = useState<ExpertCentre>({ state: 'locating' });

  useEffect(() => {
    if (!needDevice) return;
    let cancelled = false;
    currentPosition()
      .then(({ lat, lng }) => {
        if (!cancelled) setDevice({ state: 'device', latitude: lat, longitude: lng });
      })
      .catch(() => {
        if (cancelled) return;
        toast.warning(messages.tasks.locationAccessFailed);
        setDevice({ state: 'unavailable' });
      });
    return () => {
      cancelled = true;
    };
  }, [needDevice]);

  if (fromProfile) return { state: 'profile', ...fromProfile };
  if (!profileLoaded) return { state: 'locating' };
  return device;
}
