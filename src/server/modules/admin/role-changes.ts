import type { AppRole } from '@shared/domain/enums';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { accountDeleted, deleteRole, insertRole, lockAdminRows, profileExists } from './users.repository';

export interface RoleChangeResult {
  /** False when nothing changed: the user already had (or did not have) the role. */
  changed: boolean;
  role: AppRole;
}

/** Adds expert or admin to a user, audited in the same transaction. */
export async function addUserRole(db: Db, params: { actorId: string; userId: string; role: AppRole; now: Date }) {
  return db.transaction(async (tx): Promise<RoleChangeResult> => {
    if (!(await profileExists(tx, params.userId))) throw notFound(messages.admin.userNotFound);
    // The Users tab offers no role to a deleted account (issue 52); the server refuses it too.
    if (await accountDeleted(tx, params.userId)) throw conflict(messages.admin.userDeletedNoRole);
    const changed = await insertRole(tx, params.userId, params.role);
    if (changed) await audit(tx, 'role.added', params);
    return { changed, role: params.role };
  });
}

/**
 * Removes expert or admin from a user. The last admin keeps the admin role: the admin rows are
 * locked first, so two parallel removals cannot leave the product without an admin.
 */
export async function removeUserRole(db: Db, params: { actorId: string; userId: string; role: AppRole; now: Date }) {
  return db.transaction(async (tx): Promise<RoleChangeResult> => {
    if (!(await profileExists(tx, params.userId))) throw notFound(messages.admin.userNotFound);
    if (params.role === 'admin') {
      const admins = await lockAdminRows(tx);
      if (admins.includes(params.userId) && admins.length <= 1) throw conflict(messages.admin.lastAdmin);
    }
    const changed = await deleteRole(tx, params.userId, params.role);
    if (changed) await audit(tx, 'role.removed', params);
    return { changed, role: params.role };
  });
}

async function audit(
  db: Db,
  action: 'role.added' | 'role.removed',
  params: { actorId: string; userId: string; role: AppRole; now: Date },
) {
  await recordAudit(db, {
    actor_id: params.actorId,
    action,
    target_type: 'user',
    target_id: params.userId,
    details: { role: params.role },
    created_at: params.now,
  });
}
