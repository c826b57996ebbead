import { sql, type SQL } from 'drizzle-orm';
import type { LatLng } from '@shared/domain/geo';
import type { DirectoryQuery, DirectorySort } from '@shared/schemas/directory.schemas';
import type { Db } from '../../db/client';
import { earthBoxContains, haversineMilesSql, rowsOf } from './search-sql';

export type DirectoryFilters = Pick<DirectoryQuery, 'expertise' | 'min_rating' | 'badge' | 'max_response_mins'>;

/** Payable and located: the exact predicate of expert_profiles_payable_earth_idx, so the GiST index answers the region. */
const PAYABLE = sql.raw(`"expert_profiles"."stripe_onboarding_completed" = true and "expert_profiles"."stripe_account_status" = 'active'
  and "expert_profiles"."latitude" is not null and "expert_profiles"."longitude" is not null
  and ll_to_earth("expert_profiles"."latitude", "expert_profiles"."longitude") is not null`);

function filterSql(filters: DirectoryFilters): SQL[] {
  const parts: SQL[] = [];
  // Expertise is matched case-insensitively against each entry of the expert's list.
  if (filters.expertise)
    parts.push(sql`exists (select 1 from unnest("expert_profiles"."expertise") e where lower(e) = lower(${filters.expertise}))`);
  if (filters.min_rating !== undefined) parts.push(sql`"expert_profiles"."avg_rating" >= ${filters.min_rating}`);
  if (filters.badge === 'community_trust') parts.push(sql`"expert_profiles"."community_trusted_at" is not null`);
  if (filters.badge === 'background_check') parts.push(sql`"expert_profiles"."background_verified_at" is not null`);
  if (filters.max_response_mins !== undefined) parts.push(sql`"expert_profiles"."avg_response_time_mins" <= ${filters.max_response_mins}`);
  return parts;
}

const ORDER: Record<DirectorySort, SQL> = {
  distance: sql`miles asc, id asc`,
  rating: sql`avg_rating desc nulls last, review_count desc, miles asc, id asc`,
};

/**
 * The directory's page SQL: the payable experts around the place are read through
 * expert_profiles_payable_earth_idx (GiST on ll_to_earth, decision 0104) and MATERIALIZED, so the
 * filters and the sort touch only the region's rows; the haversine keeps the circle exact (0180).
 * Exported for the plan test.
 */
export function directoryPageQuery(
  origin: LatLng,
  miles: number,
  filters: DirectoryFilters,
  sort: DirectorySort,
  window: { limit: number; offset: number },
): SQL {
  const where = sql.join([PAYABLE, earthBoxContains('expert_profiles', origin, miles), ...filterSql(filters)], sql` and `);
  return sql`with hits as materialized (
      select "expert_profiles"."id" as id, "expert_profiles"."avg_rating" as avg_rating,
        "expert_profiles"."review_count" as review_count, ${haversineMilesSql('expert_profiles', origin)} as miles
      from "expert_profiles" where ${where})
    select id, miles, (count(*) over ())::int as total from hits where miles <= ${miles}::float8
    order by ${ORDER[sort]} limit ${window.limit} offset ${window.offset}`;
}

export interface DirectoryRow {
  id: string;
  miles: number;
  total: number;
  first_name: string | null;
  avatar_url: string | null;
  location: string | null;
  expertise: string[];
  avg_rating: number | null;
  review_count: number;
  avg_response_time_mins: number | null;
  community_trusted_at: string | null;
  background_verified_at: string | null;
  accepts_invitations: boolean;
}

/** One page of the directory with the public card fields (primary keys) and the total. */
export async function searchDirectory(
  db: Db,
  params: { origin: LatLng; miles: number; filters: DirectoryFilters; sort: DirectorySort; window: { limit: number; offset: number } },
): Promise<DirectoryRow[]> {
  const { origin, miles, filters, sort, window } = params;
  return rowsOf<DirectoryRow>(
    await db.execute(sql`select page.id, page.miles, page.total, p.first_name, p.avatar_url, e.location, e.expertise,
        e.avg_rating, e.review_count, e.avg_response_time_mins, e.community_trusted_at, e.background_verified_at, e.accepts_invitations
      from (${directoryPageQuery(origin, miles, filters, sort, window)}) page
      join expert_profiles e on e.id = page.id join profiles p on p.id = e.profile_id
      order by ${ORDER[sort]}`),
  );
}
