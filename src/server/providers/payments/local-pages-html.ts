import { html } from 'hono/html';
import { BRAND_NAME } from '@shared/brand';
import { localProviderPage } from '../local-page-shell';
import type { LocalAccountLinkView } from './local-accounts';
import type { PaymentIntentInfo } from './payment-provider';

/**
 * Markup of the local provider's stand-in pages. These pages exist only while the product runs its
 * built-in test payment provider (development, tests, or production with PAYMENTS_PROVIDER=local,
 * decision 0474), so their wording is theirs, not the spec's, and every one of them says at the top
 * that it is a test payment page. `html` escapes every interpolated value.
 */

export const LOCAL_PAGE_TEXT = {
  testBanner: `Test payment page: ${BRAND_NAME} is running its built-in test payment provider. No real card is charged and no money moves.`,
  onboardingTitle: 'Set up your payment account',
  onboardingIntro: `This page is the local stand-in for the payment provider's hosted account setup. ${BRAND_NAME} is running without payment provider keys, so no real account is created and no money moves. Choose how the setup should end.`,
  complete: 'Complete account setup',
  completeHint: 'Details submitted; card payments and payouts enabled. The account becomes active.',
  incomplete: 'Leave setup incomplete',
  incompleteHint: 'Details are not submitted. You can come back with a new setup link.',
  restricted: 'Finish with a restricted account',
  restrictedHint:
    'Details submitted, but the provider has disabled the account until more information is given.',
  notFoundTitle: 'Setup link not found',
  notFoundBody: 'This payment account setup link does not exist. Ask for a new link from your profile.',
  badRequestTitle: 'Request not understood',
  badRequestBody: 'Choose one of the setup outcomes on the setup page.',
  authenticationTitle: 'Confirm this payment',
  authenticationIntro:
    "This page is the local stand-in for the card issuer's authentication check (3-D Secure). No real card is charged.",
  approve: 'Complete authentication',
  approveHint: 'The payment is authorized and held on the card.',
  refuse: 'Fail authentication',
  refuseHint: 'The payment is not authorized; a different payment method is needed.',
  intentNotFoundTitle: 'Payment not found',
  intentNotFoundBody: 'This payment does not exist or no longer needs authentication.',
} as const;

const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function layout(title: string, body: unknown) {
  return localProviderPage({
    title,
    styles: html`
      button {
        text-align: left;
      }
      button:focus-visible {
        outline: 3px solid #4f46e5;
        outline-offset: 2px;
      }
      .hint {
        display: block;
        font-size: 0.875rem;
        opacity: 0.85;
        margin-top: 0.25rem;
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 0.25rem 1rem;
      }
      dt {
        font-weight: 600;
      }
    `,
    main: body,
    banner: LOCAL_PAGE_TEXT.testBanner,
  });
}

function choice(name: string, value: string, label: string, hint: string, secondary: boolean) {
  const hintId = `${value}-hint`;
  return html`<button
    type="submit"
    name="${name}"
    value="${value}"
    aria-describedby="${hintId}"
    class="${secondary ? 'secondary' : ''}"
  >
    ${label}<span class="hint" id="${hintId}">${hint}</span>
  </button>`;
}

export function onboardingPage(link: LocalAccountLinkView) {
  const t = LOCAL_PAGE_TEXT;
  return layout(
    t.onboardingTitle,
    html`<h1>${t.onboardingTitle}</h1>
      <p class="note">${t.onboardingIntro}</p>
      <dl>
        <dt>Account</dt>
        <dd>${link.accountId}</dd>
        <dt>Email</dt>
        <dd>${link.email ?? 'Not given'}</dd>
        <dt>Link expires</dt>
        <dd><time datetime="${link.expiresAt.toISOString()}">${link.expiresAt.toUTCString()}</time></dd>
      </dl>
      <form method="post" aria-label="Setup outcome">
        ${choice('outcome', 'complete', t.complete, t.completeHint, false)}
        ${choice('outcome', 'incomplete', t.incomplete, t.incompleteHint, true)}
        ${choice('outcome', 'restricted', t.restricted, t.restrictedHint, true)}
      </form>`,
  );
}

export function authenticationPage(intent: PaymentIntentInfo, returnUrl: string) {
  const t = LOCAL_PAGE_TEXT;
  return layout(
    t.authenticationTitle,
    html`<h1>${t.authenticationTitle}</h1>
      <p class="note">${t.authenticationIntro}</p>
      <dl>
        <dt>Amount</dt>
        <dd>${formatDollars(intent.amountCents)}</dd>
      </dl>
      <form method="post" aria-label="Authentication result">
        <input type="hidden" name="return_url" value="${returnUrl}" />
        ${choice('decision', 'approve', t.approve, t.approveHint, false)}
        ${choice('decision', 'refuse', t.refuse, t.refuseHint, true)}
      </form>`,
  );
}

export function messagePage(title: string, body: string) {
  return layout(
    title,
    html`<h1>${title}</h1>
      <p>${body}</p>`,
  );
}
