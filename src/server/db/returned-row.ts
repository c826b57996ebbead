import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row that a raw statement returned (`RETURNING *`, driver values keyed by column name), decoded
 * the way drizzle decodes its own selects: each column's mapFromDriverValue, under its property
 * name. Lets a conditional INSERT ... SELECT ... WHERE EXISTS answer the full row in the same
 * statement instead of a second read by id.
 */
export function decodeReturnedRow<T extends PgTable>(
  table: T,
  raw: Record<string, unknown>,
): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
