// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { createBrowserRouter } from 'react-router';
import { createMyExpertProfile } from '@web/test/builders';
import { renderRoute } from '@web/test/render-route';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import type { MeDto } from '@shared/schemas/me.schemas';
import ProfilePage from './profile-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('./security/phone-verification-card', () => ({ PhoneVerificationCard: () => <p>Phone verification card</p> }));
vi.mock('./account/account-tab', () => ({ AccountTab: () => <p>Account tab</p> }));
vi.mock('./account/two-factor-card', () => ({ TwoFactorCard: () => <p>Two-factor card</p> }));
vi.mock('./account/sessions-card', () => ({ SessionsCard: () => <p>Devices card</p> }));

function meOf(isExpert: boolean, firstName: string | null = 'Casey'): MeDto {
  return {
    user: { id: 'u1', email: 'casey@example.com' },
    profile: {
      id: 'u1',
      first_name: firstName,
      last_name: 'Tester',
      avatar_url: null,
      email: 'casey@example.com',
      onboarding_completed: true,
      role_selected_at: '2026-01-01T00:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
    roles: { isAdmin: false, isExpert },
    session: { expiresAt: '2099-01-01T00:00:00.000Z' },
  };
}

/** The expert's profile before payment setup is finished (the builder's default is fully set up). */
const PAYMENTS_INCOMPLETE = {
  stripe_onboarding_completed: false,
  stripe_account_status: 'pending' as const,
  lpca_terms_accepted_at: '2026-01-01T00:00:00.000Z',
  is_verified: false,
  status_text: 'Complete payment provider onboarding to receive payments',
  payment_setup_state: 'incomplete' as const,
};

const expertOf = (overrides: Partial<MyExpertProfileDto> = {}) =>
  createMyExpertProfile({ ...PAYMENTS_INCOMPLETE, ...overrides });

const VERIFIED = {
  stripe_onboarding_completed: true,
  stripe_account_status: 'active' as const,
  is_verified: true,
  status_text: 'Verified Expert',
  payment_setup_state: 'complete_active' as const,
};

type Routes = Record<string, () => { status?: number; body: unknown }>;
let fetchMock: ReturnType<typeof vi.fn>;

function serve(routes: Routes) {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ error: { code: 'not_found', message: key } }), { status: 404 });
    const { status = 200, body } = route();
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
}

let router: ReturnType<typeof createBrowserRouter>;
function renderProfile(url: string) {
  router = renderRoute('/profile', <ProfilePage />, url).router;
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.info).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('greets a client by first name, with Profile, Security, Notifications and Account tabs', async () => {
    serve({ 'GET /api/me': () => ({ body: meOf(false) }) });
    renderProfile('/profile?tab=payments');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Casey!' })).toBeInTheDocument();
    expect(screen.getByText('Client Profile')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Receipts', 'Developers', 'Notifications', 'Account']);
    // payments is not allowed for a client: Profile shows.
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('greets an account made today as new, not "Welcome back" (issue 52)', async () => {
    const me = meOf(false);
    me.profile.created_at = new Date(Date.now() - 5 * 60_000).toISOString();
    serve({ 'GET /api/me': () => ({ body: me }) });
    renderProfile('/profile');
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey!' })).toBeInTheDocument();
  });

  it('honours tab=security for a client', async () => {
    serve({ 'GET /api/me': () => ({ body: meOf(false, null) }) });
    renderProfile('/profile?tab=security');
    expect(await screen.findByRole('heading', { name: 'Welcome back, User!' })).toBeInTheDocument();
    expect(screen.getByText('Phone verification card')).toBeInTheDocument();
    // Two-factor sign-in and the devices live under Security, where people look (issue 52).
    expect(screen.getByText('Two-factor card')).toBeInTheDocument();
    expect(screen.getByText('Devices card')).toBeInTheDocument();
  });

  it("gives an expert a Security tab with two-factor sign-in and the devices, without the client's phone check (issue 52)", async () => {
    serve({ 'GET /api/me': () => ({ body: meOf(true) }), 'GET /api/experts/me': () => ({ body: { expert: expertOf() } }) });
    renderProfile('/profile?tab=security&twoFactorRequired=true');
    expect(await screen.findByText('Two-factor card')).toBeInTheDocument();
    expect(screen.getByText('Devices card')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Admins must turn on two-factor sign-in before using the admin area.');
    expect(screen.queryByText('Phone verification card')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  });

  it('gives an expert Profile, Security, Verification, Payments and Notifications, and honours tab=payments', async () => {
    serve({ 'GET /api/me': () => ({ body: meOf(true) }), 'GET /api/experts/me': () => ({ body: { expert: expertOf() } }) });
    renderProfile('/profile?tab=payments');
    expect(await screen.findByText('Expert Profile')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Verification', 'Payments', 'Receipts', 'Developers', 'Notifications', 'Account']);
    expect(await screen.findByText('Payment setup incomplete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue Setup' })).toBeInTheDocument();
  });

  it("keeps an expert's five tabs on one row that scrolls sideways on a phone, with the active tab selected", async () => {
    serve({ 'GET /api/me': () => ({ body: meOf(true) }), 'GET /api/experts/me': () => ({ body: { expert: expertOf() } }) });
    renderProfile('/profile?tab=account');
    const list = await screen.findByRole('tablist', { name: 'Profile sections' });
    expect(list.className).not.toMatch(/\bflex-wrap\b/);
    expect(list.className).toMatch(/\boverflow-x-auto\b/);
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  });

  it('verifies on return with success=true, toasts, and keeps only tab in the query string', async () => {
    let verified = false;
    serve({
      'GET /api/me': () => ({ body: meOf(true) }),
      'GET /api/experts/me': () => ({ body: { expert: verified ? expertOf(VERIFIED) : expertOf() } }),
      'POST /api/payment-setup/verify': () => {
        verified = true;
        return { body: { success: true, expert: expertOf(VERIFIED) } };
      },
    });
    renderProfile('/profile?tab=payments&from=stripe&success=true');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payment setup completed successfully!'));
    expect(fetchMock.mock.calls.filter(([url, init]) => url === '/api/payment-setup/verify' && init?.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=payments'));
    expect(await screen.findAllByText('Verified Expert')).not.toHaveLength(0);
  });

  it('offers task alerts in one click once the return from the provider makes the expert payable (issue 52)', async () => {
    let verified = false;
    serve({
      'GET /api/me': () => ({ body: meOf(true) }),
      'GET /api/experts/me': () => ({ body: { expert: verified ? expertOf(VERIFIED) : expertOf() } }),
      'POST /api/payment-setup/verify': () => {
        verified = true;
        return { body: { success: true, expert: expertOf(VERIFIED) } };
      },
      'GET /api/task-alert-settings': () => ({
        body: { enabled: false, radius_miles: 100, categories: [], min_budget: 0, has_location: true, hourly_cap: 5 },
      }),
    });
    renderProfile('/profile?tab=payments&from=stripe&success=true');
    expect(await screen.findByRole('button', { name: messages.reach.alertsOfferButton })).toBeInTheDocument();
    expect(screen.getByLabelText(messages.reach.alertsRadius)).toHaveValue(100);
  });

  it('says "please complete" when the return is a refresh', async () => {
    serve({
      'GET /api/me': () => ({ body: meOf(true) }),
      'GET /api/experts/me': () => ({ body: { expert: expertOf() } }),
      'POST /api/payment-setup/verify': () => ({ body: { success: true, expert: expertOf() } }),
    });
    renderProfile('/profile?refresh=true&tab=payments');
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith('Please complete your payment provider account setup to receive payments.'),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tab=payments'));
  });

  it('shows "Failed to load profile" with Refresh when loading fails', async () => {
    serve({ 'GET /api/me': () => ({ status: 500, body: { error: { code: 'internal', message: 'Internal error' } } }) });
    renderProfile('/profile');
    expect(await screen.findByRole('heading', { name: 'Failed to load profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});
