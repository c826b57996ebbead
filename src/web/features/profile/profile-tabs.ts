import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import { messages } from '@shared/messages';

export type ProfileTab = 'profile' | 'security' | 'verification' | 'payments' | 'receipts' | 'developers' | 'notifications' | 'account';

/**
 * Profile, Security, Receipts (issue 51), Developers (API keys, issue 54), Notifications and Account for
 * everyone; Verification and
 * Payments for experts.
 * Security holds two-factor sign-in and the devices for everyone (issue 52); phone verification in it
 * stays for non-experts only (spec 000).
 */
export function allowedTabs(isExpert: boolean): ProfileTab[] {
  return [
    'profile',
    'security',
    ...(isExpert ? (['verification', 'payments'] as const) : []),
    'receipts',
    'developers',
    'notifications',
    'account',
  ];
}

/** The `tab` query value counts only when that tab is allowed for the user; else Profile. */
export function resolveTab(requested: string | null, isExpert: boolean): ProfileTab {
  return allowedTabs(isExpert).find((tab) => tab === requested) ?? 'profile';
}

export const TAB_LABELS: Record<ProfileTab, string> = {
  profile: 'Profile',
  security: 'Security',
  verification: 'Verification',
  payments: 'Payments',
  receipts: 'Receipts',
  developers: 'Developers',
  notifications: 'Notifications',
  account: 'Account',
};

export type ReturnFlag = 'success' | 'refresh';

/** success=true or refresh=true in the query string (success wins), else null. */
export function returnFlagOf(params: URLSearchParams): ReturnFlag | null {
  if (params.get('success') === 'true') return 'success';
  if (params.get('refresh') === 'true') return 'refresh';
  return null;
}

/**
 * The toast after verifying on return. The provider sends the user to the return URL whenever they
 * leave its pages, finished or not, so "completed" is said only when the verified account is; an
 * unfinished setup (or a refresh return) gets the spec's "please complete" text.
 */
export function returnToast(flag: ReturnFlag, expert: Pick<MyExpertProfileDto, 'stripe_onboarding_completed'> | null) {
  if (flag === 'success' && expert?.stripe_onboarding_completed) {
    return { kind: 'success' as const, text: messages.paymentSetup.completed };
  }
  return { kind: 'info' as const, text: messages.paymentSetup.completeSetup };
}

/** The query string after handling a return: only `tab` stays. */
export function cleanedSearch(params: URLSearchParams): URLSearchParams {
  const tab = params.get('tab');
  return new URLSearchParams(tab ? { tab } : {});
}
