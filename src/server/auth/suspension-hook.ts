import { eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { accountControlMessages } from '@shared/messages/account-control';
import type { Db } from '../db/client';
import { authUsers } from '../db/schema';

/** The code the sign-in form recognises to show the suspension text instead of "invalid credentials". */
export const ACCOUNT_SUSPENDED_CODE = 'ACCOUNT_SUSPENDED';

/**
 * Better Auth's session-create hook: a suspended (or deleted) account cannot start a session, whatever
 * the way in (password, two-factor step, email confirmation link). Roles stay in user_roles; the
 * suspension is a column of the account, so lifting it restores exactly what the user had.
 */
export function refuseSuspendedSession(db: Db) {
  return async (session: { userId: string }) => {
    const [user] = await db
      .select({ suspendedAt: authUsers.suspendedAt, deletedAt: authUsers.deletedAt })
      .from(authUsers)
      .where(eq(authUsers.id, session.userId));
    if (user?.suspendedAt || user?.deletedAt) {
      throw new APIError('FORBIDDEN', { message: accountControlMessages.accountSuspended, code: ACCOUNT_SUSPENDED_CODE });
    }
  };
}
