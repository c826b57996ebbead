import { describe, expect, it } from 'vitest';
import { locationAt, parseCoordinates } from './coordinates';
import { geolocationErrorMessage } from './geolocation';
import { geolocationMessages } from '@shared/messages/geolocation';

describe('parseCoordinates', () => {
  it('reads decimal degrees, with signs and spaces', () => {
    expect(parseCoordinates(' 40.7128 ', '-74.006')).toEqual({ lat: 40.7128, lng: -74.006 });
    expect(parseCoordinates('+0', '.5')).toEqual({ lat: 0, lng: 0.5 });
    expect(parseCoordinates('-90', '180')).toEqual({ lat: -90, lng: 180 });
  });

  it('refuses anything that is not a number in range', () => {
    for (const [lat, lng] of [
      ['north', '1'],
      ['', '1'],
      ['1', ''],
      ['1e3', '1'],
      ['0x10', '1'],
      ['40,7', '1'],
      ['91', '1'],
      ['1', '-180.01'],
      ['Infinity', '1'],
    ]) {
      expect(parseCoordinates(lat, lng), `${lat}, ${lng}`).toBeNull();
    }
  });
});

describe('locationAt', () => {
  it('keeps the exact coordinates with the place found there, or names them when none is known', () => {
    const place = {
      name: 'Austin',
      lat: 30.27,
      lng: -97.74,
      address: 'Austin, Texas, United States',
      country: 'United States',
      region: 'Texas',
    };
    expect(locationAt(30.3, -97.7, place)).toEqual({ ...place, lat: 30.3, lng: -97.7 });
    expect(locationAt(1, 2, null, 'Current location')).toEqual({
      name: 'Current location',
      lat: 1,
      lng: 2,
      address: '1.00000, 2.00000',
      country: '',
      region: null,
    });
  });
});

describe('geolocationErrorMessage', () => {
  it('maps the browser error codes to the spec texts', () => {
    expect(geolocationErrorMessage(null)).toBe(geolocationMessages.notSupported);
    expect(geolocationErrorMessage(1)).toBe(geolocationMessages.permissionDenied);
    expect(geolocationErrorMessage(2)).toBe(geolocationMessages.unavailable);
    expect(geolocationErrorMessage(3)).toBe(geolocationMessages.timeout);
    expect(geolocationErrorMessage(0)).toBe(geolocationMessages.failed);
  });
});
