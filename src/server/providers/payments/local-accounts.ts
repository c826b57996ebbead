import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localAccountLinks, localPaymentAccounts } from '../../db/schema/local-payments';
import { PaymentProviderError, type AccountStatus } from './payment-provider';

/** Connected accounts and onboarding links of the local provider. */

export type LocalAccountRow = typeof localPaymentAccounts.$inferSelect;

/** Setup links expire after 24 hours (spec), like the real provider's account links. */
export const LOCAL_ACCOUNT_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** How the local stand-in for hosted onboarding can end. */
export type LocalOnboardingOutcome = 'complete' | 'incomplete' | 'restricted';

const ACCOUNT_STATE_BY_OUTCOME: Record<
  LocalOnboardingOutcome,
  Pick<LocalAccountRow, 'details_submitted' | 'charges_enabled' | 'payouts_enabled' | 'disabled_reason'>
> = {
  complete: { details_submitted: true, charges_enabled: true, payouts_enabled: true, disabled_reason: null },
  incomplete: {
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
    disabled_reason: null,
  },
  restricted: {
    details_submitted: true,
    charges_enabled: false,
    payouts_enabled: false,
    disabled_reason: 'requirements.past_due',
  },
};

/** What the real provider would list as due for an account in this state. */
const REQUIRED_BEFORE_SUBMISSION = [
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'tos_acceptance.date',
];
const REQUIRED_WHEN_PAST_DUE = ['individual.verification.document'];

export function accountStatusFromRow(row: LocalAccountRow): AccountStatus {
  const requirementsDue = !row.details_submitted
    ? REQUIRED_BEFORE_SUBMISSION
    : row.disabled_reason === 'requirements.past_due'
      ? REQUIRED_WHEN_PAST_DUE
      : [];
  return {
    detailsSubmitted: row.details_submitted,
    chargesEnabled: row.charges_enabled,
    payoutsEnabled: row.payouts_enabled,
    requirementsDue: [...requirementsDue],
    disabledReason: row.disabled_reason,
  };
}

export async function findAccount(db: Db, id: string): Promise<LocalAccountRow | undefined> {
  const [row] = await db.select().from(localPaymentAccounts).where(eq(localPaymentAccounts.id, id));
  return row;
}

export const noSuchAccount = (id: string) =>
  new PaymentProviderError('not_found', `No such account: '${id}'`, { providerCode: 'resource_missing' });

export interface LocalAccountLinkView {
  token: string;
  accountId: string;
  email: string | null;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: Date;
  /** False once expired or used: the real provider then sends the user to refresh_url. */
  usable: boolean;
}

export async function inspectAccountLink(
  db: Db,
  token: string,
  now: Date,
): Promise<LocalAccountLinkView | null> {
  const [row] = await db
    .select({ link: localAccountLinks, email: localPaymentAccounts.email })
    .from(localAccountLinks)
    .leftJoin(localPaymentAccounts, eq(localPaymentAccounts.id, localAccountLinks.account_id))
    .where(eq(localAccountLinks.token, token));
  if (!row) return null;
  return {
    token: row.link.token,
    accountId: row.link.account_id,
    email: row.email,
    refreshUrl: row.link.refresh_url,
    returnUrl: row.link.return_url,
    expiresAt: row.link.expires_at,
    usable: row.link.expires_at.getTime() > now.getTime(),
  };
}

/**
 * Ends onboarding through a link: the link is used up (single use, like the real provider's) and the
 * account takes the chosen state. An expired or used link changes nothing and points to refresh_url.
 * Throws not_found for an unknown token.
 */
export async function completeOnboarding(
  db: Db,
  params: { token: string; outcome: LocalOnboardingOutcome; now: Date },
): Promise<{ redirectTo: string; applied: boolean }> {
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(localAccountLinks).where(eq(localAccountLinks.token, params.token));
    if (!link)
      throw new PaymentProviderError('not_found', 'No such account link.', {
        providerCode: 'resource_missing',
      });
    // Used links are marked by moving their expiry to the moment of use; the conditional update
    // makes two simultaneous submissions of one link apply once.
    const consumed = await tx
      .update(localAccountLinks)
      .set({ expires_at: params.now })
      .where(and(eq(localAccountLinks.token, params.token), gt(localAccountLinks.expires_at, params.now)))
      .returning({ token: localAccountLinks.token });
    if (consumed.length === 0) return { redirectTo: link.refresh_url, applied: false };
    await tx
      .update(localPaymentAccounts)
      .set(ACCOUNT_STATE_BY_OUTCOME[params.outcome])
      .where(eq(localPaymentAccounts.id, link.account_id));
    return { redirectTo: link.return_url, applied: true };
  });
}

/** Sets an account's state directly: for tests and seed data that need an onboarded expert. */
export async function setAccountState(
  db: Db,
  accountId: string,
  outcome: LocalOnboardingOutcome,
): Promise<void> {
  const updated = await db
    .update(localPaymentAccounts)
    .set(ACCOUNT_STATE_BY_OUTCOME[outcome])
    .where(eq(localPaymentAccounts.id, accountId))
    .returning({ id: localPaymentAccounts.id });
  if (updated.length === 0) throw noSuchAccount(accountId);
}
