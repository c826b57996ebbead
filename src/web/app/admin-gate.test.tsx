// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { adminMessages } from '@shared/messages/admin';
import { AdminGate } from './guards';

const me = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('@web/lib/session', () => ({ useMe: () => me.current }));
vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

const renderGate = () =>
  render(
    <MemoryRouter>
      <AdminGate>
        <p>admin content</p>
      </AdminGate>
    </MemoryRouter>,
  );

describe('AdminGate', () => {
  beforeEach(() => vi.mocked(toast.error).mockClear());

  it('shows the admin area to an admin', () => {
    me.current = { data: { roles: { isAdmin: true } }, isPending: false, isError: false };
    renderGate();
    expect(screen.getByText('admin content')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows Access Denied and the toast to a non-admin', async () => {
    me.current = { data: { roles: { isAdmin: false } }, isPending: false, isError: false };
    renderGate();
    expect(screen.getByText(adminMessages.accessDenied)).toBeInTheDocument();
    expect(screen.queryByText('admin content')).not.toBeInTheDocument();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(adminMessages.noAccess));
  });

  it('treats a failed admin check as non-admin and shows its toast', async () => {
    me.current = { data: undefined, isPending: false, isError: true, error: new Error('') };
    renderGate();
    expect(screen.getByText(adminMessages.accessDenied)).toBeInTheDocument();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(adminMessages.noAccess));
    expect(vi.mocked(toast.error).mock.calls).toEqual([[adminMessages.checkFailed], [adminMessages.noAccess]]);
  });
});
