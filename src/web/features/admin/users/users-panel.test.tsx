// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDto } from '@shared/schemas/admin-dto';
import UsersPanel from './users-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USERS: AdminUserDto[] = [
  {
    id: 'u1',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    avatar_url: null,
    created_at: '2026-11-27T10:00:00.000Z',
    roles: ['expert'],
  },
  {
    id: 'u2',
    first_name: 'Alan',
    last_name: 'Turing',
    email: 'alan@example.com',
    avatar_url: null,
    created_at: '2026-11-26T10:00:00.000Z',
    roles: [],
  },
];

function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const rows = url.includes('/api/admin/users') ? USERS : [];
      return new Response(JSON.stringify({ rows, total: rows.length, pageSize: 10 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UsersPanel />
    </QueryClientProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('UsersPanel', () => {
  it('names the suspension action with a verb: Suspend', async () => {
    setup();
    const row = await rowOf('Grace Hopper');
    const button = within(row).getByRole('button', { name: /^Suspend Grace Hopper/ });
    expect(button).toHaveTextContent(/^Suspend$/);
    expect(within(row).queryByRole('button', { name: /Suspension/ })).not.toBeInTheDocument();
  });

  it('gives the avatar cell no "Avatar" label in the phone card layout, while the column keeps its name', async () => {
    setup();
    const row = await rowOf('Grace Hopper');
    const [avatarCell, nameCell] = within(row).getAllByRole('cell');
    expect(avatarCell).not.toHaveAttribute('data-label');
    expect(nameCell).toHaveAttribute('data-label', 'Name');
    expect(screen.getByRole('columnheader', { name: 'Avatar' })).toBeInTheDocument();
  });

  it('makes a role badge a named remove control, and a client-only badge a disabled one (spec 002)', async () => {
    setup();
    const grace = await rowOf('Grace Hopper');
    const chip = within(grace).getByRole('button', { name: 'Remove the expert role from Grace Hopper' });
    expect(chip).toBeEnabled();
    const alan = await rowOf('Alan Turing');
    expect(within(alan).getByRole('button', { name: /^client/ })).toBeDisabled();
  });
});
