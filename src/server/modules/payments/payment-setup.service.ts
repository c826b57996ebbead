import { messages } from '@shared/messages';
import type {
  PaymentSetupLinkResponse,
  PaymentSetupRequest,
  MyExpertProfileDto,
} from '@shared/schemas/expert-onboarding.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import {
  accountIdempotencyKeyFor,
  expertFieldsFromAccountStatus,
  type PaymentProvider,
} from '../../providers/payments/payment-provider';
import {
  findExpertProfile,
  setAccountIdIfMissing,
  setOnboardingUrl,
  updatePaymentStatusByAccount,
  type ExpertProfileRow,
} from '../experts/experts.repository';
import { toMyExpertProfileDto } from '../experts/experts.dto';
import { findProfile } from '../profiles/profiles.repository';

/**
 * Where the provider sends the expert back: the return handler page with from=stripe and success or
 * refresh. Onboarding started in the native app opens in an in-app browser tab; `platform=mobile`
 * lets the return page show "Setup Complete" there instead of loading the whole app in the tab.
 */
export function onboardingReturnUrls(publicUrl: string, platform: PaymentSetupRequest['platform']) {
  const base = `${publicUrl.replace(/\/+$/, '')}/stripe-return?from=stripe`;
  const suffix = platform === 'mobile' ? '&platform=mobile' : '';
  return { returnUrl: `${base}&success=true${suffix}`, refreshUrl: `${base}&refresh=true${suffix}` };
}

const providerFailure = (message: string, error: unknown) => new AppError('provider_error', message, { details: error });

export function createPaymentSetupService(deps: { db: Db; clock: Clock; payments: PaymentProvider; publicUrl: string }) {
  const { db, clock, payments, publicUrl } = deps;

  async function expertOf(userId: string): Promise<ExpertProfileRow> {
    const expert = await findExpertProfile(db, userId);
    if (!expert) throw notFound(messages.paymentSetup.expertProfileNotFound);
    return expert;
  }

  async function linkFor(
    expert: ExpertProfileRow & { stripe_account_id: string },
    platform: PaymentSetupRequest['platform'],
    failureMessage: string,
  ): Promise<PaymentSetupLinkResponse> {
    let link;
    try {
      link = await payments.createAccountLink({
        accountId: expert.stripe_account_id,
        ...onboardingReturnUrls(publicUrl, platform),
      });
    } catch (error) {
      throw providerFailure(failureMessage, error);
    }
    await setOnboardingUrl(db, expert.id, link.url, clock.now());
    return { success: true, onboardingUrl: link.url, expiresAt: link.expiresAt.toISOString() };
  }

  return {
    /**
     * create-expert-stripe-account: creates the connected account once (idempotency key per user, and
     * a conditional write so a concurrent second request keeps the first id), then a fresh onboarding link.
     */
    async startOnboarding(userId: string, platform: PaymentSetupRequest['platform']): Promise<PaymentSetupLinkResponse> {
      let expert = await expertOf(userId);
      // The LPCA terms are the legal basis for collecting payments on the expert's behalf.
      if (!expert.lpca_terms_accepted) throw conflict(messages.expert.termsRequired);
      if (!expert.stripe_account_id) {
        const profile = await findProfile(db, userId);
        let accountId: string;
        try {
          ({ accountId } = await payments.createConnectedAccount({
            email: profile?.email ?? '',
            userId,
            idempotencyKey: accountIdempotencyKeyFor(userId),
          }));
        } catch (error) {
          throw providerFailure(messages.paymentSetup.createAccountFailed, error);
        }
        expert = (await setAccountIdIfMissing(db, userId, accountId, clock.now())) ?? (await expertOf(userId));
      }
      return linkFor(withAccount(expert), platform, messages.paymentSetup.linkGenerationFailed);
    },

    /** refresh-expert-stripe-link: a new link for the existing account. */
    async refreshLink(userId: string, platform: PaymentSetupRequest['platform']): Promise<PaymentSetupLinkResponse> {
      const expert = await expertOf(userId);
      if (!expert.stripe_account_id) throw notFound(messages.paymentSetup.noAccount);
      return linkFor(withAccount(expert), platform, messages.paymentSetup.refreshLinkFailed);
    },

    /** verify-stripe-onboarding: reads the account from the provider and stores the derived payment fields. */
    async verify(userId: string): Promise<MyExpertProfileDto> {
      const expert = await expertOf(userId);
      if (!expert.stripe_account_id) throw notFound(messages.paymentSetup.noAccount);
      let status;
      try {
        status = await payments.getAccountStatus(expert.stripe_account_id);
      } catch (error) {
        throw providerFailure(messages.paymentSetup.accessFailed, error);
      }
      const fields = expertFieldsFromAccountStatus(status);
      const row = await updatePaymentStatusByAccount(db, expert.stripe_account_id, fields, clock.now());
      return toMyExpertProfileDto(row ?? expert);
    },
  };
}

export type PaymentSetupService = ReturnType<typeof createPaymentSetupService>;

function withAccount(expert: ExpertProfileRow): ExpertProfileRow & { stripe_account_id: string } {
  if (!expert.stripe_account_id) throw notFound(messages.paymentSetup.noAccount);
  return expert as ExpertProfileRow & { stripe_account_id: string };
}
