// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemSettingsDto } from '@shared/schemas/admin-dto';
import SettingsPanel from './settings-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETTINGS: SystemSettingsDto = {
  platform_fee_percent: 10,
  min_task_price: 500,
  max_task_price: 100000,
  maintenance_mode: false,
  footer_text: 'Footer',
  contact_email: 'support@example.com',
  tos_content: null,
  privacy_policy_content: null,
  // No zone: local time, so the expected text does not depend on the machine's time zone.
  updated_at: '2026-11-27T06:40:31',
};

function setup() {
  // The switch measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.includes('/api/admin/settings') ? SETTINGS : { review_window_hours: 72 };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SettingsPanel />
    </QueryClientProvider>,
  );
}

describe('SettingsPanel', () => {
  it('writes the last update like the rest of the product ("Nov 27, 2026, 6:40 AM"), not as a numeric date', async () => {
    setup();
    const line = await screen.findByText(/^Last updated/);
    expect(line.textContent).toMatch(/^Last updated Nov 27, 2026, 6:40\sAM$/);
    expect(line.textContent).not.toContain('11/27/2026');
  });
});
