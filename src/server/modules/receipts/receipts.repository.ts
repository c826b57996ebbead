import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, receipts } from '../../db/schema';

export type ReceiptRow = typeof receipts.$inferSelect;
export type NewReceipt = Omit<typeof receipts.$inferInsert, 'id'>;

/** Writes the receipt once per source; undefined when that movement already has one (a retry). */
export async function insertReceipt(db: Db, row: NewReceipt): Promise<ReceiptRow | undefined> {
  const [inserted] = await db.insert(receipts).values(row).onConflictDoNothing({ target: receipts.source_key }).returning();
  return inserted;
}

/** The expert's name as the receipt prints it ("" when the account is gone). */
export async function expertNameOf(db: Db, expertId: string | null): Promise<string> {
  if (!expertId) return '';
  const [row] = await db.select({ first: profiles.first_name, last: profiles.last_name }).from(profiles).where(eq(profiles.id, expertId));
  return row ? [row.first, row.last].filter(Boolean).join(' ') : '';
}

/** One client's receipts, newest first, a page at a time (receipts_client_created_idx). */
export async function listReceiptsOf(
  db: Db,
  params: { clientId: string; limit: number; before?: { created_at: Date; id: string } },
): Promise<ReceiptRow[]> {
  const cursor = params.before
    ? or(lt(receipts.created_at, params.before.created_at), and(eq(receipts.created_at, params.before.created_at), lt(receipts.id, params.before.id)))
    : undefined;
  return db
    .select()
    .from(receipts)
    .where(and(eq(receipts.client_id, params.clientId), cursor))
    .orderBy(desc(receipts.created_at), desc(receipts.id))
    .limit(params.limit);
}

export async function findReceipt(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  return row;
}

/** Who the receipt is billed to, for the PDF. */
export async function billedTo(db: Db, clientId: string): Promise<{ name: string; email: string }> {
  const [row] = await db
    .select({ first: profiles.first_name, last: profiles.last_name, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, clientId));
  return { name: row ? [row.first, row.last].filter(Boolean).join(' ') : '', email: row?.email ?? '' };
}
