import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { authUsers, userRoles } from '../../db/schema';
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
  if (!account?.twoFactorEnabled) throw twoFactorRequired();
  return user;
}

/** The refusal of an admin without two-factor sign-in, on the admin routes and (issue 53) every other one. */
export const twoFactorRequired = () => new AppError('two_factor_required', messages.accountControl.twoFactorRequired);

/**
 * Is the user an admin whose account has no two-factor sign-in? One statement (the admin role row
 * joined to the account's flag). Read once per session read by the request pipeline (app.ts), and
 * again before a refusal, so that a setup made a moment ago counts at once (issue 53, decision 0474).
 */
export async function isAdminWithoutTwoFactor(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: userRoles.user_id })
    .from(userRoles)
    .innerJoin(authUsers, eq(authUsers.id, userRoles.user_id))
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, 'admin'), eq(authUsers.twoFactorEnabled, false)))
    .limit(1);
  return rows.length > 0;
}
