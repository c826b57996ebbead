import { afterEach, beforeEach, expect } from 'vitest';
import { vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';

/**
 * For the fee-text tests: the public settings say the admin has set the fee to `percent`; every other
 * API call answers 404. Call at the top level of a test file (it registers its own before/after hooks).
 */
export function stubFeeSetting(percent: number) {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).startsWith('/api/public-settings')
          ? new Response(JSON.stringify({ platform_fee_percent: percent, maintenance_mode: false }), { headers: { 'content-type': 'application/json' } })
          : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
}

/** Renders with a fresh query client (no retries) inside a router. */
export const renderWithQueries = (element: ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );

/** The 15% / 85% split is stated, and the default 10% / 90% nowhere. */
export async function expectFifteenPercentFee(container: HTMLElement) {
  await screen.findAllByText(/15%/);
  expect(container.textContent).toMatch(/15%[^]*85%/);
  expect(container.textContent).not.toMatch(/\b10%|\b90%/);
}
