import { html } from 'hono/html';
import { localProviderPage } from '../local-page-shell';
import { LOCAL_PAGE_TEXT } from './local-pages-html';
import type { PayoutInfo } from './provider-payouts';

/** The local stand-in for the provider's payout dashboard: the account's payouts, newest first. */
export function payoutDashboardPage(accountId: string, payouts: PayoutInfo[]) {
  const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return localProviderPage({
    title: 'Payout dashboard',
    banner: LOCAL_PAGE_TEXT.testBanner,
    styles: html`
      table { width: 100%; border-collapse: collapse; } th, td { text-align: left; padding: 0.25rem 0.5rem;
      border-bottom: 1px solid #e5e7eb; }
    `,
    main: html`<h1>Payout dashboard</h1>
      <p class="note">
        The local stand-in for the payment provider's dashboard of account ${accountId}: payouts run daily and
        reach the bank two days after capture. No real money moves.
      </p>
      ${
        payouts.length === 0
          ? html`<p>No payouts yet.</p>`
          : html`<table>
              <caption>
                Payouts
              </caption>
              <thead>
                <tr>
                  <th scope="col">Created</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Arrival</th>
                </tr>
              </thead>
              <tbody>
                ${payouts.map(
                  (payout) =>
                    html`<tr>
                      <td>${day(payout.createdAt)}</td>
                      <td>${usd(payout.amountCents)}</td>
                      <td>${payout.status.replace('_', ' ')}</td>
                      <td>${day(payout.arrivalDate)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }`,
  });
}
