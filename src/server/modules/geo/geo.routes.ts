import { Hono } from 'hono';
import { messages } from '@shared/messages';
import {
  geocodeReverseQuerySchema,
  geocodeSearchQuerySchema,
  mapLocationsQuerySchema,
  type GeocodeReverseResponse,
  type GeocodeSearchResponse,
} from '@shared/schemas/geo.schemas';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';
import { queryParams } from '../../http/validation';
import { AppError, notFound } from '../../lib/errors';
import { createGazetteer, lazyGeocoder } from '../../providers/geocoder';
import { createMapLocationsCache } from './map-locations.cache';
import { createMapLocationsService } from './map-locations.service';
import { isStaticDataName, loadStaticData } from './static-data';

/** Boundary files change only with a package upgrade; the ETag covers that case. */
const STATIC_DATA_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';
const GEOCODE_CACHE = 'public, max-age=3600';
/** Browsers and proxies may reuse the map for a few seconds, then revalidate with the ETag. */
const MAP_LOCATIONS_CACHE = 'public, max-age=10, stale-while-revalidate=30';

/**
 * The public geography of the product: the availability map's places, location search and reverse
 * geocoding and the map's boundary data. None of them needs a session.
 */
export function geoRoutes(deps: AppDeps) {
  const { db, clock, providers } = deps;
  // Map places are named by the offline gazetteer, never an online service (decision 0010).
  const mapLocations = createMapLocationsCache({
    db,
    service: createMapLocationsService({ db, clock, namer: lazyGeocoder(createGazetteer) }),
  });

  const geocoderFailed = (error: unknown) =>
    new AppError('provider_error', messages.location.searchFailed, { details: error });

  return new Hono<AppEnv>()
    .get('/map-locations', async (c) => {
      const { search } = queryParams(c, mapLocationsQuerySchema);
      const answer = await mapLocations.get(search);
      c.header('Cache-Control', MAP_LOCATIONS_CACHE);
      c.header('ETag', answer.etag);
      c.header('Vary', 'Accept-Encoding');
      if (c.req.header('if-none-match') === answer.etag) return c.body(null, 304);
      c.header('Content-Type', 'application/json; charset=utf-8');
      if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
        c.header('Content-Encoding', 'gzip');
        return c.body(answer.gzipped);
      }
      return c.body(answer.body);
    })
    .get('/geocode/search', async (c) => {
      const { q, limit } = queryParams(c, geocodeSearchQuerySchema);
      const results = await providers.geocoder.search(q, limit).catch((error: unknown) => {
        throw geocoderFailed(error);
      });
      c.header('Cache-Control', GEOCODE_CACHE);
      return c.json({ results } satisfies GeocodeSearchResponse);
    })
    .get('/geocode/reverse', async (c) => {
      const { lat, lng } = queryParams(c, geocodeReverseQuerySchema);
      const result = await providers.geocoder.reverse(lat, lng).catch((error: unknown) => {
        throw geocoderFailed(error);
      });
      c.header('Cache-Control', GEOCODE_CACHE);
      return c.json({ result } satisfies GeocodeReverseResponse);
    })
    .get('/static-data/:file', async (c) => {
      const name = c.req.param('file');
      if (!isStaticDataName(name)) throw notFound(messages.common.notFound);
      const file = await loadStaticData(name);
      c.header('Cache-Control', STATIC_DATA_CACHE);
      c.header('ETag', file.etag);
      if (c.req.header('if-none-match') === file.etag) return c.body(null, 304);
      c.header('Content-Type', 'application/json; charset=utf-8');
      c.header('Vary', 'Accept-Encoding');
      if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
        c.header('Content-Encoding', 'gzip');
        return c.body(file.gzipped);
      }
      return c.body(file.body);
    });
}
