import { sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_MILES, type LatLng } from '@shared/domain/geo';

/**
 * SQL pieces shared by the task search and the expert directory (docs/decisions/0180).
 * The product's great-circle rule is the haversine on a sphere of 3958.8 miles (src/shared/domain/geo.ts);
 * `haversineMilesSql` is the same formula, term for term, so the database and the web agree at the edges.
 */
export function haversineMilesSql(table: string, origin: LatLng): SQL {
  const t = sql.raw(`"${table}"`);
  const lat = origin.latitude;
  const lng = origin.longitude;
  return sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(${t}."latitude" - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${t}."latitude"))
      * power(sin(radians(${t}."longitude" - ${lng}::float8) / 2), 2)))))`;
}

/**
 * The cube around the origin that holds every point within `miles` (earthdistance's earth_box, which a
 * GiST index on ll_to_earth(latitude, longitude) answers). earth() is the extension's radius in metres,
 * so the box's radius is the angle (miles / 3958.8) on that sphere, widened by 0.1% so that rounding
 * never drops a point on the edge: the haversine decides.
 */
export function earthBoxContains(table: string, origin: LatLng, miles: number): SQL {
  const t = sql.raw(`"${table}"`);
  const angle = (miles / EARTH_RADIUS_MILES) * 1.001;
  return sql`earth_box(ll_to_earth(${origin.latitude}::float8, ${origin.longitude}::float8), ${angle}::float8 * earth())
    @> ll_to_earth(${t}."latitude", ${t}."longitude")`;
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
