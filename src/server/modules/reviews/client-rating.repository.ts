import { sql, type SQL } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS } from '@shared/domain/two-way-reviews';
import type { Db } from '../../db/client';

/**
 * The average and count of a client's revealed, shown reviews: the reveal rule of
 * src/shared/domain/two-way-reviews.ts in SQL (the client reviewed the expert back, or the 14-day window
 * closed). Reads client_reviews_client_created_idx, then the task and its review by primary or unique key.
 * `clientId` is an SQL expression so that the client card can correlate it with its profile row.
 */
export const revealedClientRatingSql = (clientId: SQL, now: Date): SQL => sql`
  select round(avg(cr.rating)::numeric, 2)::float8 as avg_rating, count(*)::int as review_count
  from client_reviews cr join tasks t on t.id = cr.task_id
  where cr.client_id = ${clientId} and cr.removed_at is null
    and (exists (select 1 from reviews r where r.task_id = cr.task_id and r.reviewer_id = cr.client_id)
         or coalesce(t.completed_at, t.updated_at) + make_interval(days => ${REVIEW_WINDOW_DAYS}) <= ${now.toISOString()}::timestamptz)`;

export interface ClientRating {
  avg_rating: number | null;
  review_count: number;
}

/** A rating read as jsonb (an object, or its text on drivers that leave jsonb unparsed), with numbers as numbers. */
export function clientRatingFrom(value: ClientRating | string): ClientRating {
  const raw = (typeof value === 'string' ? JSON.parse(value) : value) as { avg_rating: number | string | null; review_count: number | string | null };
  return {
    avg_rating: raw.avg_rating === null ? null : Number(raw.avg_rating),
    review_count: Number(raw.review_count ?? 0),
  };
}

/** Both drivers' execute() results: PGlite and node-postgres each answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** One client's revealed rating, as one statement. */
export async function clientRatingOf(db: Db, clientId: string, now: Date): Promise<ClientRating> {
  const [row] = rowsOf<{ avg_rating: number | string | null; review_count: number | string }>(
    await db.execute(revealedClientRatingSql(sql`${clientId}::uuid`, now)),
  );
  return {
    avg_rating: row?.avg_rating === null || row?.avg_rating === undefined ? null : Number(row.avg_rating),
    review_count: Number(row?.review_count ?? 0),
  };
}
