// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';

import { PaymentsTab } from './payments-tab';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@web/lib/session', () => ({ useMe: () => ({ data: { user: { id: 'client-1' } } }) }));
vi.mock('@web/lib/runtime-config', () => ({ useRuntimeConfig: () => ({ data: { paymentProvider: 'local', publishableKey: null } }) }));

// The admin has set the fee to 15%: every text that states the fee or the share must say 15% / 85%.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).startsWith('/api/public-settings')
        ? new Response(JSON.stringify({ platform_fee_percent: 15, maintenance_mode: false }), { headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const show = (element: ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );

async function expectFifteen(container: HTMLElement) {
  await screen.findAllByText(/15%/);
  expect(container.textContent).toMatch(/15%[^]*85%/);
  expect(container.textContent).not.toMatch(/\b10%|\b90%/);
}

describe('fee texts after the admin sets the fee to 15%', () => {
  it("the profile's Payments tab, which also names the provider without a possessive of the brand", async () => {
    const expert = {
      is_verified: false,
      lpca_terms_accepted: true,
      payment_setup_state: 'not_started',
      stripe_account_status: null,
      status_text: 'Not connected',
    } as unknown as MyExpertProfileDto;
    const { container } = show(<PaymentsTab expert={expert} />);
    await expectFifteen(container);
    expect(container.textContent).not.toMatch(/'s card payment provider/);
  });
});
