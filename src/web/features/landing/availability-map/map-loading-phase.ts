import { mapMessages } from '@shared/messages/map';

/**
 * The loading overlay's text (spec 000): "Preloading map for smooth experience..." while the map's
 * code and basemap load, then "Loading global network..." while the places and the states with
 * experts load; null once everything is drawn.
 */
export function mapLoadingText({
  basemapReady,
  networkReady,
}: {
  basemapReady: boolean;
  networkReady: boolean;
}): string | null {
  if (!basemapReady) return mapMessages.preloading;
  if (!networkReady) return mapMessages.loadingNetwork;
  return null;
}
