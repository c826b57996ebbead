export type BucketUnit = 'day' | 'week' | 'month';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC start of the bucket holding `date` (weeks start on Monday, as PostgreSQL's date_trunc). */
export function bucketStart(date: Date, unit: BucketUnit): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (unit === 'day') return day;
  if (unit === 'month') return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const weekday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - weekday * DAY_MS);
}

export const bucketKey = (date: Date) => date.toISOString().slice(0, 10);

/** Every bucket key from the one holding `from` to the one holding `to`, oldest first. */
export function bucketKeys(from: Date, to: Date, unit: BucketUnit): string[] {
  const keys: string[] = [];
  let cursor = bucketStart(from, unit);
  const last = bucketStart(to, unit).getTime();
  while (cursor.getTime() <= last) {
    keys.push(bucketKey(cursor));
    cursor =
      unit === 'month'
        ? new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1))
        : new Date(cursor.getTime() + (unit === 'week' ? 7 : 1) * DAY_MS);
  }
  return keys;
}

/** Rows keyed by bucket, with zeroes for the buckets the query returned nothing for. */
export function fillBuckets<T extends { bucket: string }>(keys: string[], rows: T[], empty: Omit<T, 'bucket'>): T[] {
  const byKey = new Map(rows.map((row) => [row.bucket, row]));
  return keys.map((bucket) => byKey.get(bucket) ?? ({ ...empty, bucket } as T));
}

export const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * DAY_MS);
