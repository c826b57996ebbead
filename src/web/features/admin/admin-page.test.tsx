// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import AdminPage from './admin-page';

vi.mock('@web/lib/session', () => ({
  useMe: () => ({ data: { profile: { email: 'admin@example.com' }, roles: { isAdmin: true, isExpert: false } } }),
  signOutRequest: vi.fn(),
}));
const twoFactor = vi.hoisted(() => ({ enabled: true }));
vi.mock('@web/lib/auth-session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/auth-session')>()),
  useAuthSession: () => ({ isPending: false, data: { user: { id: 'a1', email: 'admin@example.com', twoFactorEnabled: twoFactor.enabled }, session: { id: 's1' } } }),
}));
vi.mock('./admin-tabs', async () => {
  const { lazy } = await import('react');
  const panel = (name: string) => lazy(async () => ({ default: () => <p>{name} panel</p> }));
  const icon = () => null;
  const tabs = [
    { id: 'overview', label: 'Overview', icon, Panel: panel('Overview') },
    { id: 'users', label: 'Users', icon, Panel: panel('Users') },
    { id: 'settings', label: 'Settings', icon, Panel: panel('Settings') },
  ];
  return { ADMIN_TABS: tabs, DEFAULT_TAB: 'overview', tabOf: (v: string | null) => tabs.find((t) => t.id === v) ?? tabs[0] };
});

function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}${location.search}`}</output>;
}

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<><AdminPage /><Where /></>} />
          <Route path="/profile" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('AdminPage', () => {
  it('opens the tab named in ?tab=, defaults to overview, and has Logout', async () => {
    renderAt('/admin?tab=users');
    expect(await screen.findByText('Users panel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('puts the sections and the open panel in the one main landmark (issue 25)', async () => {
    renderAt('/admin?tab=users');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('tablist', { name: 'Admin sections' })).toBeInTheDocument();
    expect(await within(main).findByText('Users panel')).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    // The logo link's name contains its visible text (WCAG 2.5.3, label in name).
    expect(screen.getByRole('link', { name: /^Local Experts Admin/ })).toHaveAttribute('href', '/admin');
  });

  it('keeps ?tab= in sync when a tab is chosen, and drops it for the default tab', async () => {
    renderAt('/admin');
    expect(await screen.findByText('Overview panel')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByText('Settings panel')).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent('/admin?tab=settings');
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByLabelText('where')).toHaveTextContent(/^\/admin$/);
  });

  it('sends unknown admin paths and tabs to the admin root', async () => {
    renderAt('/admin/secret-place');
    expect(await screen.findByText('Overview panel')).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent(/^\/admin$/);
  });

  it('sends an admin without two-factor sign-in to set it up first', async () => {
    twoFactor.enabled = false;
    try {
      renderAt('/admin?tab=users');
      expect(await screen.findByLabelText('where')).toHaveTextContent('/profile?tab=security&twoFactorRequired=true');
      expect(screen.queryByText('Users panel')).not.toBeInTheDocument();
    } finally {
      twoFactor.enabled = true;
    }
  });
});
