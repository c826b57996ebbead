import { and, count, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaginationQuery } from '@shared/schemas/common.schemas';
import { pageOffset } from '@shared/schemas/common.schemas';
import type { Db } from '../../db/client';
import { auditLog, clientFlags, profiles, tasks } from '../../db/schema';

type NamedTable = { first_name: AnyColumn; last_name: AnyColumn; email: AnyColumn };

/** "First Last", or the email when both names are empty. */
const nameOf = (table: NamedTable) =>
  sql<string | null>`coalesce(nullif(trim(coalesce(${table.first_name}, '') || ' ' || coalesce(${table.last_name}, '')), ''), ${table.email})`;

/**
 * The audit log (role changes, notifications, disputes, refunds, admin overrides), newest first, with
 * the names of who and whom; optionally one task's rows and one action (both indexed: decision 0211).
 */
export async function listAuditEntries(db: Db, page: PaginationQuery & { task_id?: string; action?: string }) {
  const actor = alias(profiles, 'actor');
  const target = alias(profiles, 'target');
  const where = and(
    page.task_id ? and(eq(auditLog.target_type, 'task'), eq(auditLog.target_id, page.task_id)) : undefined,
    page.action ? eq(auditLog.action, page.action) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actor_id: auditLog.actor_id,
        actor_name: nameOf(actor),
        target_type: auditLog.target_type,
        target_id: auditLog.target_id,
        target_name: sql<string | null>`coalesce(${nameOf(target)}, ${tasks.title})`,
        details: auditLog.details,
        created_at: auditLog.created_at,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actor_id))
      .leftJoin(target, sql`${auditLog.target_type} = 'user' and ${target.id}::text = ${auditLog.target_id}`)
      .leftJoin(tasks, sql`${auditLog.target_type} = 'task' and ${tasks.id}::text = ${auditLog.target_id}`)
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

/** Client reports (client_flags) made by experts, newest first, with task title and both names. */
export async function listClientFlags(db: Db, page: PaginationQuery) {
  const expert = alias(profiles, 'expert');
  const client = alias(profiles, 'client');
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: clientFlags.id,
        reason: clientFlags.reason,
        severity: clientFlags.severity,
        task_id: clientFlags.task_id,
        task_title: tasks.title,
        expert_id: clientFlags.expert_id,
        expert_name: nameOf(expert),
        client_id: clientFlags.client_id,
        client_name: nameOf(client),
        created_at: clientFlags.created_at,
      })
      .from(clientFlags)
      .leftJoin(tasks, eq(tasks.id, clientFlags.task_id))
      .leftJoin(expert, eq(expert.id, clientFlags.expert_id))
      .leftJoin(client, eq(client.id, clientFlags.client_id))
      .orderBy(desc(clientFlags.created_at), desc(clientFlags.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(clientFlags),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}
