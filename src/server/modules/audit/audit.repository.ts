import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditEntry = typeof auditLog.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;

/** Records one audited action; pass the transaction of the change it records so both commit together. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export async function listAudit(
  db: Db,
  params: { targetType?: string; targetId?: string; limit: number; offset: number },
): Promise<AuditRow[]> {
  const filters = [
    params.targetType ? eq(auditLog.target_type, params.targetType) : undefined,
    params.targetId ? eq(auditLog.target_id, params.targetId) : undefined,
  ].filter((f) => f !== undefined);
  return db
    .select()
    .from(auditLog)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(auditLog.created_at))
    .limit(params.limit)
    .offset(params.offset);
}
