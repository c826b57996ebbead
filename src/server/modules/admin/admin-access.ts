import type { Context } from 'hono';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { requireUser, type AppEnv, type SessionUser } from '../../http/context';
import { forbidden } from '../../lib/errors';
import { rolesOf } from '../profiles/profiles.repository';

/**
 * check_is_admin on the server for every admin route: 401 signed out, 403 for anyone who is not an
 * admin. Roles are read from user_roles on every request through `rolesOf` (no cache), so a role an
 * admin adds or removes applies to that user's very next request.
 */
export async function requireAdmin(c: Context<AppEnv>, db: Db): Promise<SessionUser> {
  const user = requireUser(c);
  if (!(await rolesOf(db, user.id)).isAdmin) throw forbidden(messages.admin.noAccess);
  return user;
}
