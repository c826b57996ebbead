import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Runs a raw aggregate query; PGlite and node-postgres both answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows?: T[] }).rows ?? [];
}

export const num = (value: unknown) => Number(value ?? 0);
