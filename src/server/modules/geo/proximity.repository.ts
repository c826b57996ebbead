import { sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_MILES, longitudeRanges, proximityBox, type LatLng } from '@shared/domain/geo';
import type { Db } from '../../db/client';

/**
 * The earlier form of the check, kept for comparison in the bench (decision 0104 replaced it):
 * docs/decisions/0040-proximity-query.md: a range scan of the partial
 * index expert_profiles_payable_lat_lng_idx over the spec's box (0.0145 degrees per mile, widened
 * east-west by 1/cos(latitude)), then the exact great-circle distance (haversine, R = 3958.8 mi),
 * stopping at the first expert within the radius. The predicate repeats the index's WHERE clause
 * with literals, so the planner can use the partial index.
 */
export function payableExpertWithinQuery(origin: LatLng, miles: number): SQL {
  const box = proximityBox(origin.latitude, origin.longitude, miles);
  const longitudes = sql.join(
    longitudeRanges(box).map(([min, max]) => sql`longitude between ${min} and ${max}`),
    sql` or `,
  );
  const lat = origin.latitude;
  const lng = origin.longitude;
  return sql`
    select 1 as found from expert_profiles
    where stripe_onboarding_completed = true and stripe_account_status = 'active'
      and latitude is not null and longitude is not null
      and latitude between ${box.minLat} and ${box.maxLat} and (${longitudes})
      and 2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
            power(sin(radians(latitude - ${lat}::float8) / 2), 2)
            + cos(radians(${lat}::float8)) * cos(radians(latitude))
              * power(sin(radians(longitude - ${lng}::float8) / 2), 2)))) <= ${miles}::float8
    limit 1`;
}

/**
 * The check as run (docs/decisions/0104-proximity-knn-gist.md): the nearest payable expert by a
 * KNN walk of the GiST index expert_profiles_payable_earth_idx (ORDER BY cube distance, LIMIT 1),
 * then the exact haversine on that one row. The nearest by chord is the nearest by great circle on
 * any sphere, so the answer is the same as the box query's, and the index reads a handful of pages
 * whether experts are near or not.
 */
export function nearestPayableExpertQuery(origin: LatLng): SQL {
  const lat = origin.latitude;
  const lng = origin.longitude;
  return sql`
    select 2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
            power(sin(radians(latitude - ${lat}::float8) / 2), 2)
            + cos(radians(${lat}::float8)) * cos(radians(latitude))
              * power(sin(radians(longitude - ${lng}::float8) / 2), 2)))) as miles
    from expert_profiles
    where stripe_onboarding_completed = true and stripe_account_status = 'active'
      and latitude is not null and longitude is not null and ll_to_earth(latitude, longitude) is not null
    order by ll_to_earth(latitude, longitude) <-> ll_to_earth(${lat}::float8, ${lng}::float8)
    limit 1`;
}

export async function hasPayableExpertWithin(db: Db, origin: LatLng, miles: number): Promise<boolean> {
  const result = await db.execute(nearestPayableExpertQuery(origin));
  const [nearest] = (result as unknown as { rows?: { miles: number | string }[] }).rows ?? [];
  return nearest !== undefined && Number(nearest.miles) <= miles;
}

/**
 * The spec's fallback source: the distinct location texts of verified experts, the most common
 * first, at most `limit` of them (each one costs a geocoder call). The scan is bounded to
 * FALLBACK_SCAN_ROWS rows of expert_profiles_verification_status_idx so that a fallback on a
 * large table costs the same as on a small one; it only has to find some expert near the point.
 */
export const FALLBACK_SCAN_ROWS = 10_000;

export async function verifiedExpertLocations(db: Db, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select location from (
      select location from expert_profiles
      where verification_status = 'verified' and location is not null and btrim(location) <> ''
      limit ${FALLBACK_SCAN_ROWS}
    ) sample
    group by location
    order by count(*) desc, location
    limit ${limit}`);
  return ((result as unknown as { rows?: { location: string }[] }).rows ?? []).map((row) => row.location);
}
