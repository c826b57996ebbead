import { describe, expect, it } from 'vitest';
import { mapLoadingText } from './map-loading-phase';

describe('the map loading overlay', () => {
  it('preloads the map first, then loads the network, then disappears', () => {
    expect(mapLoadingText({ basemapReady: false, networkReady: false })).toBe(
      'Preloading map for smooth experience...',
    );
    // Places that arrive before the basemap do not skip the first phase.
    expect(mapLoadingText({ basemapReady: false, networkReady: true })).toBe(
      'Preloading map for smooth experience...',
    );
    expect(mapLoadingText({ basemapReady: true, networkReady: false })).toBe('Loading global network...');
    expect(mapLoadingText({ basemapReady: true, networkReady: true })).toBeNull();
  });
});
