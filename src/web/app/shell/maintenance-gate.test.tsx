// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@shared/messages/admin';
import { realtime } from '@web/lib/realtime';
import { MAINTENANCE_POLL_MS, MaintenanceGate } from './maintenance-gate';

let signedInMe: unknown = null;
vi.mock('@web/lib/session', () => ({ useMe: () => ({ data: signedInMe }) }));
vi.mock('@web/lib/realtime', async (original) => {
  const { createRealtimeClient } = await original<typeof import('@web/lib/realtime')>();
  return { realtime: createRealtimeClient() };
});

afterEach(() => {
  signedInMe = null;
  document.getElementById('landing-shell')?.remove();
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

  it('shows the notice on a signed-in page as soon as the socket says the settings changed, above the static hero', async () => {
    signedInMe = { roles: { isAdmin: false, isExpert: false } };
    document.body.insertAdjacentHTML('afterbegin', '<div id="landing-shell"><h1>Static hero</h1></div>');
    let maintenance = false;
    const fetchMock = vi.fn(async () =>
      new Response(JSON.stringify({ maintenance_mode: maintenance, contact_email: null }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // What the socket does with a `settings` frame: the client's settings listeners run.
    let pushSettings = () => undefined as void;
    vi.spyOn(realtime, 'onSettingsChange').mockImplementation((listener) => {
      pushSettings = listener;
      return () => undefined;
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MaintenanceGate>
            <p>the product</p>
          </MaintenanceGate>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('the product')).toBeInTheDocument();
    maintenance = true;
    act(() => pushSettings());
    expect(await screen.findByText(adminMessages.maintenanceTitle)).toBeInTheDocument();
    expect(document.getElementById('landing-shell')).toBeNull();
  });
});
