// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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
    account_status: 'active',
  },
  {
    id: 'u2',
    first_name: 'Alan',
    last_name: 'Turing',
    email: 'alan@example.com',
    avatar_url: null,
    created_at: '2026-11-26T10:00:00.000Z',
    roles: [],
    account_status: 'active',
  },
  {
    id: 'u3',
    first_name: 'Mallory',
    last_name: 'Spam',
    email: 'mallory@example.com',
    avatar_url: null,
    created_at: '2026-11-25T10:00:00.000Z',
    roles: [],
    account_status: 'suspended',
  },
  {
    id: 'u4',
    first_name: 'Gone',
    last_name: 'Away',
    email: 'gone@example.com',
    avatar_url: null,
    created_at: '2026-11-24T10:00:00.000Z',
    roles: [],
    account_status: 'deleted',
  },
];

function setup(path = '/admin?tab=users') {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      const rows = url.includes('/api/admin/users') ? USERS : [];
      return new Response(JSON.stringify({ rows, total: rows.length, pageSize: 10 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <UsersPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return urls;
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name: new RegExp(`^${name}`) })).closest('tr')!;

describe('UsersPanel', () => {
  it('opens filtered to the user a link from another admin list names (issue 52)', async () => {
    const urls = setup('/admin?tab=users&search=u1');
    await rowOf('Grace Hopper');
    expect(urls.some((url) => url.includes('/api/admin/users') && url.includes('search=u1'))).toBe(true);
    expect(screen.getByRole('searchbox', { name: 'Search by name, email or user ID' })).toHaveValue('u1');
  });

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
    const chip = within(grace).getByRole('button', {
      name: 'expert: Remove the expert role from Grace Hopper',
    });
    expect(chip).toBeEnabled();
    const alan = await rowOf('Alan Turing');
    expect(within(alan).getByRole('button', { name: /^client/ })).toBeDisabled();
  });

  // WCAG 2.5.3 (Lighthouse label-content-name-mismatch): a speech-input user says the words they see.
  it("starts the role buttons' names with their visible text: Make Expert, Make Admin", async () => {
    setup();
    const alan = await rowOf('Alan Turing');
    const expert = within(alan).getByRole('button', { name: 'Make Expert: Alan Turing' });
    const admin = within(alan).getByRole('button', { name: 'Make Admin: Alan Turing' });
    expect(expert).toHaveTextContent(/^Make Expert$/);
    expect(admin).toHaveTextContent(/^Make Admin$/);
    for (const button of [expert, admin]) {
      expect(button.getAttribute('aria-label')!.startsWith(button.textContent!)).toBe(true);
    }
    const grace = await rowOf('Grace Hopper');
    expect(within(grace).queryByRole('button', { name: /^Make Expert/ })).not.toBeInTheDocument();
    expect(within(grace).getByRole('button', { name: 'Make Admin: Grace Hopper' })).toBeEnabled();
  });

  it('shows the role alone on a role badge (the cross is an icon) and starts its name with it', async () => {
    setup();
    const grace = await rowOf('Grace Hopper');
    const chip = within(grace).getByRole('button', { name: /Remove the expert role from Grace Hopper$/ });
    expect(chip).toHaveTextContent(/^expert$/);
    expect(chip.getAttribute('aria-label')!.startsWith(chip.textContent!)).toBe(true);
    const alan = await rowOf('Alan Turing');
    const client = within(alan).getByRole('button', { name: 'client (cannot be removed)' });
    expect(client.getAttribute('aria-label')!.startsWith(client.textContent!.trim())).toBe(true);
  });

  it("keeps the visible verb at the start of the Suspend button's name", async () => {
    setup();
    const button = within(await rowOf('Alan Turing')).getByRole('button', { name: 'Suspend Alan Turing' });
    expect(button.getAttribute('aria-label')!.startsWith(button.textContent!)).toBe(true);
  });

  it('shows a suspended user as suspended, with "Lift suspension" instead of "Suspend" (issue 52)', async () => {
    setup();
    const row = await rowOf('Mallory Spam');
    expect(within(row).getByText('Suspended')).toBeInTheDocument();
    const lift = within(row).getByRole('button', { name: 'Lift suspension: Mallory Spam' });
    expect(lift).toHaveTextContent(/^Lift suspension$/);
    expect(within(row).queryByRole('button', { name: /^Suspend/ })).not.toBeInTheDocument();
    expect(within(await rowOf('Alan Turing')).queryByText('Suspended')).not.toBeInTheDocument();
  });

  it('offers a deleted user neither Make Admin, Make Expert nor Suspend (issue 52)', async () => {
    setup();
    const row = await rowOf('Gone Away');
    expect(within(row).getByText('Deleted')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Make Admin/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Make Expert/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Suspend|^Lift/ })).not.toBeInTheDocument();
  });

  it('scrolls the table inside a named region a keyboard user can focus (axe scrollable-region-focusable)', async () => {
    setup();
    await rowOf('Grace Hopper');
    const region = screen.getByRole('region', { name: 'User list' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });
});
