import { GEOLOCATION } from '@shared/constants';
import { geolocationMessages } from '@shared/messages/geolocation';

/** The spec's five geolocation texts, by the browser's error code (1 denied, 2 unavailable, 3 timeout). */
export function geolocationErrorMessage(code: number | null): string {
  switch (code) {
    case null:
      return geolocationMessages.notSupported;
    case 1:
      return geolocationMessages.permissionDenied;
    case 2:
      return geolocationMessages.unavailable;
    case 3:
      return geolocationMessages.timeout;
    default:
      return geolocationMessages.failed;
  }
}

/** The device position (high accuracy, 10 s timeout, 5 minutes max age); rejects with the spec's text. */
export function currentPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(geolocationErrorMessage(null)));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(new Error(geolocationErrorMessage(typeof error?.code === 'number' ? error.code : 0))),
      {
        enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
        timeout: GEOLOCATION.timeoutMs,
        maximumAge: GEOLOCATION.maximumAgeMs,
      },
    );
  });
}
