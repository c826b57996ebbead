/** Texts of the geolocation section of the messages catalogue (see ../messages.ts). */
export const geolocationMessages = {
  notSupported: 'Geolocation is not supported by this browser',
  permissionDenied: 'Location access denied. Please enable location permissions.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  failed: 'Unable to get current location',
} as const;
