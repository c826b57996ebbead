import {
  geocodeReverseQuerySchema,
  geocodeSearchQuerySchema,
  mapLocationsQuerySchema,
} from '@shared/schemas/geo.schemas';
import type { RouteDoc } from '../route-doc';

export const geoDocs: RouteDoc[] = [
  {
    route: 'GET /api/geocode/reverse',
    summary: 'Reverse-geocode a point',
    access: 'public',
    query: geocodeReverseQuerySchema,
  },
  {
    route: 'GET /api/geocode/search',
    summary: 'Search places',
    access: 'public',
    query: geocodeSearchQuerySchema,
  },
  {
    route: 'GET /api/map-locations',
    summary: 'Locations for the landing map',
    access: 'public',
    query: mapLocationsQuerySchema,
  },
  { route: 'GET /api/static-data/:file', summary: 'Static map data', access: 'public' },
];
