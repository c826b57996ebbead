import { and, eq, ne } from 'drizzle-orm';
import { BRAND_NAME } from '@shared/brand';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import type { EmailSender } from '../providers/email';
import { renderEmail } from '../providers/email/email-layout';

/** A reset link lives one hour (issue 19). */
export const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;

/**
 * Better Auth's password-reset and email-change options, with the product's mails. Kept out of
 * auth.ts so the auth config stays a list of switches. Security mails cannot be unsubscribed from.
 */
export function authEmailOptions(email: EmailSender) {
  return {
    emailAndPassword: {
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }: { user: { email: string }; url: string }) => {
        const mail = await renderEmail({
          subject: `Reset your ${BRAND_NAME} password`,
          heading: 'Reset your password',
          paragraphs: [
            'Someone asked to reset the password of your account. Choose a new password with the button below.',
            'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.',
          ],
          button: { label: 'Choose a new password', url },
        });
        await email.send({ to: user.email, ...mail, actionUrl: url });
      },
    },
    changeEmail: {
      enabled: true,
      // Goes to the OLD address: the change happens only once its owner approves, so a stolen session
      // cannot move the account silently. The new address then gets Better Auth's verification mail.
      sendChangeEmailConfirmation: async ({ user, newEmail, url }: { user: { email: string }; newEmail: string; url: string }) => {
        const mail = await renderEmail({
          subject: `Approve the email change of your ${BRAND_NAME} account`,
          heading: 'Your email address is about to change',
          paragraphs: [
            `Someone asked to change the email address of your account to ${newEmail}.`,
            'If this was you, approve the change with the button below. If not, ignore this email and change your password.',
          ],
          button: { label: 'Approve the change', url },
        });
        await email.send({ to: user.email, ...mail, actionUrl: url });
      },
    },
  };
}

/** After an approved email change the profile (admin search, mail delivery) follows the account's address. */
export async function syncProfileEmail(db: Db, user: { id: string; email: string }): Promise<void> {
  await db
    .update(profiles)
    .set({ email: user.email })
    .where(and(eq(profiles.id, user.id), ne(profiles.email, user.email)));
}
