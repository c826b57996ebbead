import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { BRAND_NAME } from '@shared/brand';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { authUsers, userRoles } from '../../db/schema';
import type { EmailSender } from '../../providers/email';
import { renderEmail } from '../../providers/email/email-layout';
import { recordAudit } from '../audit/audit.repository';

/** An invitation's set-password link lives three days (a reset link lives one hour). */
export const ADMIN_INVITE_SECONDS = 3 * 24 * 60 * 60;

/** The web page that takes the token and asks for the new password (the same one as a reset). */
const SET_PASSWORD_PAGE = '/auth/reset-password';

export type AdminCreateOutcome =
  | { outcome: 'promoted'; userId: string }
  | { outcome: 'already-admin'; userId: string }
  | { outcome: 'invited'; userId: string; link: string };

export class AdminCreateError extends Error {}

/**
 * `npm run admin:create -- --email x` (issue 53, decision 0431): an existing confirmed account
 * becomes an admin; an unknown address gets a new account, the admin role and an emailed link to set
 * its password. Either way the admin area then asks for two-factor sign-in before anything else
 * (requireAdmin answers 403 until it is on, and the web sends the admin to set it up). Audited
 * with no actor: the command is run by whoever operates the server.
 */
export async function createAdmin(options: {
  db: Db;
  auth: Auth;
  email: EmailSender;
  publicUrl: string;
  address: string;
  now?: Date;
}): Promise<AdminCreateOutcome> {
  const { db, auth } = options;
  const address = options.address.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw new AdminCreateError(`"${options.address}" is not an email address`);
  const now = options.now ?? new Date();
  const [existing] = await db
    .select({ id: authUsers.id, emailVerified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(sql`lower(${authUsers.email})`, address));

  if (existing) {
    if (!existing.emailVerified) {
      throw new AdminCreateError(
        `${address} has not confirmed its email address yet: confirm it first (the confirmation mail can be sent again from the sign-in page)`,
      );
    }
    const added = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(userRoles)
        .values({ user_id: existing.id, role: 'admin' })
        .onConflictDoNothing()
        .returning({ id: userRoles.id });
      if (rows.length > 0) await audit(tx, 'role.added', existing.id, now, { role: 'admin' });
      return rows.length > 0;
    });
    return { outcome: added ? 'promoted' : 'already-admin', userId: existing.id };
  }

  // A new account: confirmed (the invitation goes to the address itself), no password until the link is used.
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    { email: address, name: '', emailVerified: true, firstName: '', lastName: '' },
    { method: 'admin' },
  );
  await db.transaction(async (tx) => {
    await tx.insert(userRoles).values({ user_id: user.id, role: 'admin' }).onConflictDoNothing();
    await audit(tx, 'admin.invited', user.id, now, { role: 'admin', email: address });
  });
  // Better Auth's own reset token (the set-password page redeems it), with the invitation's lifetime.
  const token = randomBytes(24).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + ADMIN_INVITE_SECONDS * 1000),
  });
  const link = `${options.publicUrl}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(SET_PASSWORD_PAGE)}`;
  const mail = await renderEmail({
    subject: `You are an admin of ${BRAND_NAME}`,
    heading: 'Set your password',
    paragraphs: [
      `An admin account of ${BRAND_NAME} was created for this address. Choose its password with the button below.`,
      'After signing in, you set up two-factor sign-in with an authenticator app before anything else. The link expires in 3 days.',
    ],
    button: { label: 'Set your password', url: link },
  });
  await options.email.send({ to: address, ...mail, actionUrl: link });
  return { outcome: 'invited', userId: user.id, link };
}

async function audit(db: Db, action: string, userId: string, now: Date, details: Record<string, unknown>) {
  await recordAudit(db, {
    actor_id: null,
    action,
    target_type: 'user',
    target_id: userId,
    details: { ...details, via: 'admin:create' },
    created_at: now,
  });
}
