// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reachMessages as reachText } from '@shared/messages/reach';
import { TaskAlertsCard } from './task-alerts-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const puts: unknown[] = [];
let refuseWith: string | null = null;

beforeEach(() => {
  puts.length = 0;
  refuseWith = null;
  // jsdom has no ResizeObserver; Radix's switch and checkbox measure themselves with one.
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
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const settings = { enabled: false, radius_miles: 100, categories: [], min_budget: 0, has_location: true, hourly_cap: 5 };
      if (url.pathname !== '/api/task-alert-settings') return new Response('{}', { status: 404 });
      if (init?.method === 'PUT') {
        if (refuseWith) return json({ error: { code: 'bad_request', message: refuseWith } }, 400);
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return json({ ...settings, ...body });
      }
      return json(settings);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TaskAlertsCard />
    </QueryClientProvider>,
  );

describe('TaskAlertsCard', () => {
  it('turns alerts on with a radius, a category and a minimum budget in cents', async () => {
    renderCard();
    fireEvent.click(await screen.findByRole('switch', { name: reachText.alertsEnabled }));
    fireEvent.change(screen.getByLabelText(reachText.alertsRadius), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText(reachText.alertsMinBudget), { target: { value: '75' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vehicle Inspection' }));
    fireEvent.click(screen.getByRole('button', { name: reachText.alertsSave }));
    await waitFor(() => expect(puts).toEqual([{ enabled: true, radius_miles: 40, categories: ['vehicle'], min_budget: 7_500 }]));
    expect(toast.success).toHaveBeenCalledWith(reachText.alertsSaved);
  });

  it("shows the server's message when it refuses the settings", async () => {
    refuseWith = reachText.alertsRadiusInvalid;
    renderCard();
    fireEvent.change(await screen.findByLabelText(reachText.alertsRadius), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: reachText.alertsSave }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(reachText.alertsRadiusInvalid));
  });
});
