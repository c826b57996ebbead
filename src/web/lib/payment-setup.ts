import type { PaymentSetupLinkResponse, PaymentSetupVerifyResponse } from '@shared/schemas/expert-onboarding.schemas';
import { api } from './api';
import { browserPlatform, openExternalUrl, type PlatformProbe } from './platform';

/**
 * Expert payment setup calls, shared by the expert application (which starts onboarding right after
 * saving) and the profile page's payments tab. The web never knows which provider is behind them.
 */
const platformOf = (probe: PlatformProbe) => (probe.isNativePlatform() ? 'mobile' : 'web');

/** Creates the connected account if needed and opens the provider's onboarding page. */
export async function startPaymentSetup(probe: PlatformProbe = browserPlatform): Promise<void> {
  const { onboardingUrl } = await api.post<PaymentSetupLinkResponse>('/api/payment-setup/account', { platform: platformOf(probe) });
  await openExternalUrl(onboardingUrl, probe);
}

/** A fresh onboarding link for the existing account, opened at once. */
export async function continuePaymentSetup(probe: PlatformProbe = browserPlatform): Promise<void> {
  const { onboardingUrl } = await api.post<PaymentSetupLinkResponse>('/api/payment-setup/refresh-link', {
    platform: platformOf(probe),
  });
  await openExternalUrl(onboardingUrl, probe);
}

/** verify-stripe-onboarding: the server reads the account from the provider and stores its status. */
export const verifyPaymentSetup = () => api.post<PaymentSetupVerifyResponse>('/api/payment-setup/verify');
