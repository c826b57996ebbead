import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { authUsers } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { deleteUserSessions } from './sessions.repository';

/**
 * Suspends a user: the account row is marked (the session-create hook then refuses every sign-in),
 * every session is deleted in the same transaction (the auth_sessions trigger tells every instance:
 * cached reads are dropped, sockets closed), and the action is audited. Roles are left alone, so a
 * lifted suspension restores exactly what the user had. A conditional update makes two admins
 * suspending at once produce one suspension and one 409.
 */
export async function suspendUser(db: Db, params: { actorId: string; userId: string; reason: string; now: Date }) {
  if (params.actorId === params.userId) throw conflict(messages.accountControl.cannotSuspendSelf);
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: authUsers.id, deletedAt: authUsers.deletedAt }).from(authUsers).where(eq(authUsers.id, params.userId));
    if (!user || user.deletedAt) throw notFound(messages.common.notFound);
    const updated = await tx
      .update(authUsers)
      .set({ suspendedAt: params.now, suspensionReason: params.reason, updatedAt: params.now })
      .where(and(eq(authUsers.id, params.userId), isNull(authUsers.suspendedAt)))
      .returning({ id: authUsers.id });
    if (updated.length === 0) throw conflict(messages.accountControl.alreadySuspended);
    const sessionsEnded = (await deleteUserSessions(tx, { userId: params.userId })).length;
    await recordAudit(tx, {
      actor_id: params.actorId,
      action: 'user.suspended',
      target_type: 'user',
      target_id: params.userId,
      details: { reason: params.reason, sessions_ended: sessionsEnded },
      created_at: params.now,
    });
    return { suspended: true, reason: params.reason, suspended_at: params.now.toISOString() };
  });
}

export async function liftSuspension(db: Db, params: { actorId: string; userId: string; now: Date }) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, params.userId));
    if (!user) throw notFound(messages.common.notFound);
    const updated = await tx
      .update(authUsers)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: params.now })
      .where(and(eq(authUsers.id, params.userId), isNotNull(authUsers.suspendedAt)))
      .returning({ id: authUsers.id });
    if (updated.length === 0) throw conflict(messages.accountControl.notSuspended);
    await recordAudit(tx, {
      actor_id: params.actorId,
      action: 'user.unsuspended',
      target_type: 'user',
      target_id: params.userId,
      details: {},
      created_at: params.now,
    });
    return { suspended: false, reason: null, suspended_at: null };
  });
}
