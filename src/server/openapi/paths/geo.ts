import {
  geocodeReverseQuerySchema,
  geocodeSearchQuerySchema,
  mapLocationsQuerySchema,
} from '@shared/schemas/geo.schemas';
import {
  geocodeReverseResponseSchema,
  geocodeSearchResponseSchema,
  mapLocationsResponseSchema,
  topologySchema,
} from '@shared/schemas/geo-api.schemas';
import type { RouteDoc } from '../route-doc';

export const geoDocs: RouteDoc[] = [
  {
    route: 'GET /api/geocode/reverse',
    summary: 'Reverse-geocode a point',
    access: 'public',
    query: geocodeReverseQuerySchema,
    responses: { 200: geocodeReverseResponseSchema },
  },
  {
    route: 'GET /api/geocode/search',
    summary: 'Search places',
    access: 'public',
    query: geocodeSearchQuerySchema,
    responses: { 200: geocodeSearchResponseSchema },
  },
  {
    route: 'GET /api/map-locations',
    summary: 'Locations for the landing map',
    access: 'public',
    query: mapLocationsQuerySchema,
    responses: { 200: mapLocationsResponseSchema },
  },
  {
    route: 'GET /api/static-data/:file',
    summary: 'Static map data: world-countries.json or us-states.json (TopoJSON, ETag, 304 when unchanged)',
    access: 'public',
    responses: { 200: topologySchema },
  },
];
