// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reachMessages as reachText } from '@shared/messages/reach';
import { TaskAlertsOffer } from '@web/components/task-alerts-offer';
import { NotificationsTab } from './notifications-tab';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

let alertsEnabled = false;
const puts: { path: string; body: unknown }[] = [];

const ME = {
  user: { id: 'u1', email: 'sam@example.com' },
  profile: { id: 'u1', first_name: 'Sam', last_name: 'Tester', email: 'sam@example.com', avatar_url: null },
  roles: { isAdmin: false, isExpert: true },
  session: { expiresAt: '2099-01-01T00:00:00.000Z' },
};

const PREFERENCES = {
  always_sent_note: 'Money mails are always sent.',
  preferences: [
    { category: 'tasks_payments', label: 'Tasks and payments', email: true, push: true },
    { category: 'messages', label: 'Messages', email: true, push: true },
    // The stored default: both channels on, whether or not alerts are.
    { category: 'task_alerts', label: 'Task alerts', email: true, push: true },
  ],
};

beforeEach(() => {
  alertsEnabled = false;
  puts.length = 0;
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
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      const settings = () => ({ enabled: alertsEnabled, radius_miles: 100, categories: [], min_budget: 0, has_location: true, hourly_cap: 5 });
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push({ path: url.pathname, body });
        if (url.pathname === '/api/task-alert-settings') {
          alertsEnabled = body.enabled;
          return json({ ...settings(), ...body });
        }
        return json(PREFERENCES);
      }
      if (url.pathname === '/api/me') return json(ME);
      if (url.pathname === '/api/notification-preferences') return json(PREFERENCES);
      if (url.pathname === '/api/task-alert-settings') return json(settings());
      if (url.pathname === '/api/me/invitation-settings') return json({ accepts_invitations: true });
      return json({});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderIn = (element: React.ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );

const taskAlertSwitches = () =>
  screen.queryAllByRole('switch').filter((control) => /task alerts/i.test(control.getAttribute('aria-label') ?? control.id ?? ''));

describe('task alerts: one control per fact (issue 52)', () => {
  it('shows nothing switched on for task alerts while the real switch is off', async () => {
    renderIn(<NotificationsTab />);
    const real = await screen.findByRole('switch', { name: reachText.alertsEnabled });
    expect(real).toHaveAttribute('aria-checked', 'false');
    await screen.findByRole('switch', { name: 'Messages: Email' });
    expect(screen.queryByRole('switch', { name: 'Task alerts: Email' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Task alerts: Push' })).toBeNull();
    expect(taskAlertSwitches().filter((control) => control.getAttribute('aria-checked') === 'true')).toEqual([]);
  });

  it('with alerts on, offers their email and push under the real switch, and saves them as the task_alerts row', async () => {
    alertsEnabled = true;
    renderIn(<NotificationsTab />);
    const email = await screen.findByRole('switch', { name: reachText.alertsByEmail });
    expect(email).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: reachText.alertsByPush })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(email);
    await waitFor(() =>
      expect(puts).toContainEqual({
        path: '/api/notification-preferences',
        body: { preferences: [{ category: 'task_alerts', channel: 'email', enabled: false }] },
      }),
    );
  });
});

describe('TaskAlertsOffer (the end of expert onboarding, issue 52)', () => {
  it('turns alerts on in one click with the chosen radius, then hides', async () => {
    renderIn(<TaskAlertsOffer />);
    fireEvent.change(await screen.findByLabelText(reachText.alertsRadius), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: reachText.alertsOfferButton }));
    await waitFor(() =>
      expect(puts).toEqual([
        { path: '/api/task-alert-settings', body: { enabled: true, radius_miles: 25, categories: [], min_budget: 0 } },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('task-alerts-offer')).toBeNull());
  });

  it('is not shown when alerts are already on', async () => {
    alertsEnabled = true;
    renderIn(<TaskAlertsOffer />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('task-alerts-offer')).toBeNull();
  });
});
