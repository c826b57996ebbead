import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import {
  authAccounts,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
  dataExports,
  disputes,
  expertProfiles,
  localPaymentAccounts,
  notifications,
  phoneVerifications,
  profiles,
  tasks,
  transactions,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { FileStorage } from '../../providers/storage';
import { recordAudit } from '../audit/audit.repository';
import { errorField, log } from '../../ops/logger';
import { avatarKeyOf } from '../avatars/avatars.service';

const DELETED_NAME = messages.accountControl.deletedUserName;

/** The placeholder address of a deleted account: unique (the column is), and not anyone's mailbox. */
export const deletedEmailOf = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * How long a capture stays "not yet paid out" (docs/decisions/0250): the payment provider's rolling
 * payout delay for new connected accounts, during which a refund still comes out of the expert's balance.
 */
export const PAYOUT_DELAY_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Money in flight (docs/privacy.md): a payment being authorized or an open hold on any task of the user,
 * a dispute not yet resolved, or a capture not yet paid out. Deletion waits until it settles.
 */
async function hasMoneyInFlight(db: Db, userId: string, now: Date): Promise<boolean> {
  const mine = or(eq(tasks.client_id, userId), eq(tasks.expert_id, userId));
  const [held] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(mine, inArray(tasks.payment_status, ['pending', 'authorized'])))
    .limit(1);
  if (held) return true;
  const [disputed] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .innerJoin(tasks, eq(tasks.id, disputes.task_id))
    .where(and(mine, inArray(disputes.status, ['open', 'resubmitted'])))
    .limit(1);
  if (disputed) return true;
  const [unpaid] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(tasks, eq(tasks.id, transactions.task_id))
    .where(
      and(
        mine,
        inArray(transactions.status, ['captured', 'partially_refunded']),
        gt(transactions.updated_at, new Date(now.getTime() - PAYOUT_DELAY_DAYS * DAY_MS)),
      ),
    )
    .limit(1);
  return Boolean(unpaid);
}

/**
 * Deletes the caller's account (issue 22, docs/privacy.md): password confirmed, refused while money
 * is in flight, then personal data erased or replaced by "Deleted user" in one transaction, the
 * sessions deleted (every instance hears it through the auth_sessions trigger), and the user's own
 * files removed from storage after the commit. The account row stays, anonymised, so that the
 * transactions, reviews and messages the other party keeps still point somewhere.
 */
export async function deleteAccount(db: Db, storage: FileStorage, params: { userId: string; password: string; now: Date }) {
  const [account] = await db
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, params.userId), eq(authAccounts.providerId, 'credential')));
  if (!account?.hash) throw notFound(messages.common.notFound);
  if (!(await verifyPassword({ hash: account.hash, password: params.password }))) {
    throw badRequest(messages.accountControl.wrongPassword, { password: messages.accountControl.wrongPassword });
  }
  if (await hasMoneyInFlight(db, params.userId, params.now)) throw conflict(messages.accountControl.deleteRefusedMoneyInFlight);

  const files = await db.transaction(async (tx) => {
    const [profile] = await tx.select({ avatar_url: profiles.avatar_url }).from(profiles).where(eq(profiles.id, params.userId));
    const [expert] = await tx
      .select({ document_url: expertProfiles.document_url, stripe_account_id: expertProfiles.stripe_account_id })
      .from(expertProfiles)
      .where(eq(expertProfiles.id, params.userId));
    const email = deletedEmailOf(params.userId);
    const gone = await tx
      .update(authUsers)
      .set({
        email,
        name: DELETED_NAME,
        firstName: DELETED_NAME,
        lastName: '',
        image: null,
        emailVerified: false,
        twoFactorEnabled: false,
        deletedAt: params.now,
        updatedAt: params.now,
      })
      .where(and(eq(authUsers.id, params.userId), sql`${authUsers.deletedAt} is null`))
      .returning({ id: authUsers.id });
    if (gone.length === 0) throw new AppError('conflict', messages.accountControl.accountDeleted);
    await tx
      .update(profiles)
      .set({ email, first_name: DELETED_NAME, last_name: null, avatar_url: null, fcm_token: null, updated_at: params.now })
      .where(eq(profiles.id, params.userId));
    if (expert) {
      await tx
        .update(expertProfiles)
        .set({ bio: '', expertise: [], location: null, latitude: null, longitude: null, document_url: null, stripe_onboarding_url: null })
        .where(eq(expertProfiles.id, params.userId));
      if (expert.stripe_account_id) {
        await tx.update(localPaymentAccounts).set({ email: null }).where(eq(localPaymentAccounts.id, expert.stripe_account_id));
      }
    }
    // Export archives hold everything above: the rows go now, their files after the commit.
    const exportFiles = await tx.delete(dataExports).where(eq(dataExports.user_id, params.userId)).returning({ key: dataExports.storage_key });
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.user_id, params.userId));
    await tx.delete(notifications).where(eq(notifications.user_id, params.userId));
    await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, params.userId));
    await tx.delete(authAccounts).where(eq(authAccounts.userId, params.userId));
    await tx.delete(authVerifications).where(eq(authVerifications.value, params.userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, params.userId));
    await recordAudit(tx, {
      actor_id: params.userId,
      action: 'user.deleted',
      target_type: 'user',
      target_id: params.userId,
      details: {},
      created_at: params.now,
    });
    return [avatarKeyOf(profile?.avatar_url), expert?.document_url ?? null, ...exportFiles.map((row) => row.key)].filter((key): key is string => Boolean(key));
  });
  // After the commit: a failed removal leaves an orphan file, never a half-deleted account.
  await Promise.all(files.map((key) => storage.delete(key).catch((error: unknown) => log.error({ key, err: errorField(error) }, 'file removal failed'))));
}
