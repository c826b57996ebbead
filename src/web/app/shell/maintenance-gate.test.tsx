// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@shared/messages/admin';
import { MAINTENANCE_POLL_MS, MaintenanceGate } from './maintenance-gate';

vi.mock('@web/lib/session', () => ({ useMe: () => ({ data: null }) }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MaintenanceGate', () => {
  it('asks again while maintenance lasts and shows the page once it is over, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let maintenance = true;
    const fetchMock = vi.fn(async () =>
      new Response(JSON.stringify({ maintenance_mode: maintenance, contact_email: null }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MaintenanceGate>
            <p>the product</p>
          </MaintenanceGate>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(adminMessages.maintenanceTitle)).toBeInTheDocument();
    maintenance = false;
    await act(() => vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS + 100));
    expect(await screen.findByText('the product')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
