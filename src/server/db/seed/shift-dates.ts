import { sql } from 'drizzle-orm';
import type { Db } from '../client';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Moves every date and time in the application's tables forward by `ms`, keeping their distances:
 * demo data seeded at build time (docs/decisions/0106) then reads as if it had been seeded at the
 * first start ("due in 3 days", "posted 2 hours ago", hold deadlines, scheduled jobs). Columns of
 * type date move by whole days. Only for a freshly restored demo database: it rewrites every row.
 */
export async function shiftAllDates(db: Db, ms: number): Promise<void> {
  if (!Number.isFinite(ms) || Math.abs(ms) < 1_000) return;
  // pg_catalog rather than information_schema: its views cost about a second in PGlite.
  const result = await db.execute(sql`
    select c.relname as "table", a.attname as "column", a.atttypid::regtype::text as "type"
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      and a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)
    order by c.relname, a.attnum`);
  const rows = (result as unknown as { rows: Array<{ table: string; column: string; type: string }> }).rows;
  const byTable = new Map<string, string[]>();
  const days = Math.round(ms / DAY_MS);
  for (const { table, column, type } of rows) {
    const quoted = `"${column.replace(/"/g, '""')}"`;
    const moved = type === 'date' ? `${quoted} + ${days}` : `${quoted} + interval '${Math.round(ms)} milliseconds'`;
    byTable.set(table, [...(byTable.get(table) ?? []), `${quoted} = ${moved}`]);
  }
  await db.transaction(async (tx) => {
    // Triggers would recount statistics and announce every row to the realtime channel; nothing is
    // listening yet and every distance stays the same, so this transaction runs them not at all.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const [table, assignments] of byTable) {
      await tx.execute(sql.raw(`update "${table.replace(/"/g, '""')}" set ${assignments.join(', ')}`));
    }
    // The admin overview's daily counters are keyed by created_at's day (migration 0032): recount them.
    await tx.execute(sql`select rebuild_admin_counts()`);
  });
}
