import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { authUsers } from '../../db/schema';
import { requireUser, type AppEnv, type SessionUser } from '../../http/context';
import { AppError, forbidden } from '../../lib/errors';
import { rolesOf } from '../profiles/profiles.repository';

/**
 * check_is_admin on the server for every admin route: 401 signed out, 403 for anyone who is not an
 * admin. Roles are read from user_roles on every request through `rolesOf` (no cache), so a role an
 * admin adds or removes applies to that user's very next request. An admin without two-factor sign-in
 * gets 403 too (issue 22): an account that can refund money must not fall to a phished password.
 */
export async function requireAdmin(c: Context<AppEnv>, db: Db): Promise<SessionUser> {
  const user = requireUser(c);
  if (!(await rolesOf(db, user.id)).isAdmin) throw forbidden(messages.admin.noAccess);
  const [account] = await db
    .select({ twoFactorEnabled: authUsers.twoFactorEnabled })
    .from(authUsers)
    .where(eq(authUsers.id, user.id));
  if (!account?.twoFactorEnabled) {
    throw new AppError('forbidden', messages.accountControl.twoFactorRequired);
  }
  return user;
}
