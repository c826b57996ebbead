// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { EarningsDto } from '@shared/schemas/earnings.schemas';
import { renderRoute } from '@web/test/render-route';
import EarningsPage from './earnings-page';
import { browser } from './earnings-api';

const text = messages.earnings;
const totals = {
  price_cents: 10_000,
  platform_fee_cents: 1_000,
  provider_fee_cents: 394,
  tip_cents: 1_500,
  net_cents: 10_106,
};
const page: EarningsDto = {
  rows: [
    {
      task_id: 't1',
      title: 'Inspect a used car',
      date: '2026-03-02T12:00:00.000Z',
      price_cents: 10_000,
      platform_fee_cents: 1_000,
      provider_fee_cents: 394,
      tip_cents: 1_500,
      net_cents: 10_106,
      status: 'in_transit',
      expected_arrival: '2026-03-04T00:00:00.000Z',
    },
  ],
  totals: { month: totals, year: totals, shown: totals, held_cents: 0 },
  years: [2026],
};

let urls: string[];
let posts: string[];

beforeEach(() => {
  urls = [];
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        posts.push(url.pathname);
        return json({ url: 'http://localhost/dev/payments/dashboard/acct_1' });
      }
      urls.push(url.pathname + url.search);
      return json(page);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EarningsPage', () => {
  it('shows the totals and each task with its price, fees, tip, net, status and arrival', async () => {
    renderRoute('/earnings', <EarningsPage />, '/earnings');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1];
    for (const cell of [
      'Inspect a used car',
      '$100.00',
      '-$10.00',
      '-$3.94',
      '$15.00',
      '$101.06',
      text.statusInTransit,
      'Mar 4, 2026',
    ]) {
      expect(within(row).getByText(cell)).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: text.thisMonth })).toBeTruthy();
    expect(screen.getAllByText('$101.06').length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: text.downloadCsv }).getAttribute('href')).toBe(
      '/api/earnings/export',
    );
    expect(screen.getByRole('link', { name: 'Yearly statement 2026 (PDF)' }).getAttribute('href')).toBe(
      '/api/earnings/statements/2026',
    );
  });

  it('filters by date with labelled inputs, and the CSV follows the filter', async () => {
    const user = userEvent.setup();
    renderRoute('/earnings', <EarningsPage />, '/earnings');
    await screen.findByRole('table');
    await user.type(screen.getByLabelText(text.from), '2026-03-01');
    await user.type(screen.getByLabelText(text.to), '2026-03-31');
    await user.click(screen.getByRole('button', { name: text.applyFilter }));
    await waitFor(() => expect(urls).toContain('/api/earnings?from=2026-03-01&to=2026-03-31'));
    expect((await screen.findByRole('status')).textContent).toBe('Net for the chosen dates: $101.06');
    expect(screen.getByRole('link', { name: text.downloadCsv }).getAttribute('href')).toBe(
      '/api/earnings/export?from=2026-03-01&to=2026-03-31',
    );
  });

  it('opens the payout dashboard through a login link', async () => {
    const assign = vi.spyOn(browser, 'open').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderRoute('/earnings', <EarningsPage />, '/earnings');
    await user.click(await screen.findByRole('button', { name: text.openDashboard }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/dev/payments/dashboard/acct_1'),
    );
    expect(posts).toEqual(['/api/earnings/dashboard-link']);
  });
});
