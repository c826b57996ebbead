import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import {
  deleteAccountSchema,
  sessionIdParamsSchema,
  suspendUserSchema,
  type AccountSessionDto,
  type SuspensionDto,
} from '@shared/schemas/account-control.schemas';
import type { AppDeps } from '../../app-deps';
import { authUsers } from '../../db/schema';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody, pathParams } from '../../http/validation';
import { notFound } from '../../lib/errors';
import { requireAdmin } from '../admin/admin-access';
import { coarsePlaceOf, deviceOf } from './device';
import { deleteUserSession, deleteUserSessions, listUserSessions } from './sessions.repository';
import { liftSuspension, suspendUser } from './suspension.service';
import { deleteAccount } from './account-deletion.service';
import { dataExportRoutes } from './data-export.routes';

/**
 * Issue 22: the caller's devices and sessions (sign out one, or all others) and an admin's
 * suspension of a user. Ending sessions deletes their rows: the auth_sessions trigger makes every
 * instance drop its cached session reads and close the sockets of those sessions at once.
 */
export function accountControlRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  // Every instance forgets the ended sessions, and Better Auth's copies of them in Redis go too
  // (auth/session-ending.ts): tokens when known, else every session of the user.
  const sessionsEnded = async (userId: string, tokens?: string[]) => {
    if (deps.sessionEnding) await deps.sessionEnding.ended(userId, tokens);
    else deps.sessionCache?.invalidateUser(userId);
  };
  return new Hono<AppEnv>()
    .route('/', dataExportRoutes(deps))
    .get('/account/sessions', async (c) => {
      const user = requireUser(c);
      const current = c.get('session')?.id;
      const rows = await listUserSessions(db, user.id, clock.now());
      const sessions: AccountSessionDto[] = rows.map((row) => ({
        id: row.id,
        device: deviceOf(row.userAgent),
        place: coarsePlaceOf(row.ipAddress, row.userAgent),
        last_used_at: row.updatedAt.toISOString(),
        created_at: row.createdAt.toISOString(),
        current: row.id === current,
      }));
      return c.json({ sessions });
    })
    .delete('/account/sessions/:id', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, sessionIdParamsSchema);
      const token = await deleteUserSession(db, { userId: user.id, sessionId: id });
      if (!token) throw notFound(messages.accountControl.sessionNotFound);
      await sessionsEnded(user.id, [token]);
      return c.json({ success: true });
    })
    .post('/account/sessions/sign-out-others', async (c) => {
      const user = requireUser(c);
      const tokens = await deleteUserSessions(db, { userId: user.id, keepSessionId: c.get('session')?.id });
      await sessionsEnded(user.id, tokens);
      return c.json({ ended: tokens.length });
    })
    .post('/account/delete', async (c) => {
      const user = requireUser(c);
      const { password } = await jsonBody(c, deleteAccountSchema);
      await deleteAccount(db, deps.providers.storage, { userId: user.id, password, now: clock.now() });
      await sessionsEnded(user.id);
      return c.json({ deleted: true });
    })
    .get('/admin/users/:id/suspension', async (c) => {
      await requireAdmin(c, db);
      const { id } = pathParams(c, idParamsSchema);
      const [row] = await db
        .select({ suspendedAt: authUsers.suspendedAt, reason: authUsers.suspensionReason })
        .from(authUsers)
        .where(eq(authUsers.id, id));
      if (!row) throw notFound(messages.common.notFound);
      return c.json({
        suspended: row.suspendedAt !== null,
        reason: row.reason,
        suspended_at: row.suspendedAt?.toISOString() ?? null,
      } satisfies SuspensionDto);
    })
    .post('/admin/users/:id/suspension', async (c) => {
      const admin = await requireAdmin(c, db);
      const { id } = pathParams(c, idParamsSchema);
      const { reason } = await jsonBody(c, suspendUserSchema);
      const result = await suspendUser(db, { actorId: admin.id, userId: id, reason, now: clock.now() });
      await sessionsEnded(id);
      return c.json(result satisfies SuspensionDto, 201);
    })
    .delete('/admin/users/:id/suspension', async (c) => {
      const admin = await requireAdmin(c, db);
      const { id } = pathParams(c, idParamsSchema);
      return c.json((await liftSuspension(db, { actorId: admin.id, userId: id, now: clock.now() })) satisfies SuspensionDto);
    });
}
