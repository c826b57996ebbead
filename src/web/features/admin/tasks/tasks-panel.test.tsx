// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMessages as adminText } from '@shared/messages/admin';
import type { AdminTaskDto, AdminTransactionDto } from '@shared/schemas/admin-dto';
import TasksPanel from './tasks-panel';
import TransactionsPanel from '../transactions/transactions-panel';
import { ADMIN_TABS } from '../admin-tabs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TASK: AdminTaskDto = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Inspect the roof',
  status: 'assigned',
  payment_status: 'authorized',
  budget: 12_500,
  client_id: 'c1c1c1c1-0000-4000-8000-000000000001',
  client_name: 'Casey Client',
  client_email: 'casey@example.com',
  expert_id: 'e1e1e1e1-0000-4000-8000-000000000001',
  expert_name: 'Sam Expert',
  expert_email: 'sam@example.com',
  created_at: '2026-11-27T10:00:00.000Z',
};

const TRANSACTION: AdminTransactionDto = {
  id: '22222222-2222-4222-8222-222222222222',
  task_id: TASK.id,
  task_title: TASK.title,
  client_id: TASK.client_id,
  client_name: 'Casey Client',
  expert_id: TASK.expert_id,
  expert_name: 'Sam Expert',
  amount: 12_500,
  platform_fee: 1_250,
  platform_fee_percent: 10,
  status: 'voided',
  created_at: '2026-11-27T10:00:00.000Z',
  offer_amount: null,
  price_changes: [],
  tip_amount: 0,
  payout_status: null,
  payout_arrival: null,
};

function setup(element: React.ReactElement, path: string) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      const rows = url.includes('/api/admin/tasks') ? [TASK] : url.includes('/api/admin/transactions') ? [TRANSACTION] : [];
      return new Response(JSON.stringify({ rows, total: rows.length, page: 1, pageSize: 10 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
  return urls;
}

describe('the admin Tasks tab (issue 52)', () => {
  it('is a tab of the admin area', () => {
    expect(ADMIN_TABS.map((tab) => tab.id)).toContain('tasks');
  });

  it('links each task to its page and each party to the Users tab filtered to them', async () => {
    setup(<TasksPanel />, '/admin?tab=tasks');
    expect(await screen.findByRole('link', { name: 'Inspect the roof' })).toHaveAttribute('href', `/task/${TASK.id}`);
    expect(screen.getByRole('link', { name: 'Casey Client' })).toHaveAttribute(
      'href',
      `/admin?tab=users&search=${TASK.client_id}`,
    );
    expect(screen.getByRole('link', { name: 'Sam Expert' })).toHaveAttribute('href', `/admin?tab=users&search=${TASK.expert_id}`);
    expect(screen.getByRole('heading', { level: 1, name: adminText.tasksHeading })).toBeInTheDocument();
  });

  it('opens with a linked search and sends a typed one to the server', async () => {
    const urls = setup(<TasksPanel />, '/admin?tab=tasks&search=roof');
    await screen.findByRole('link', { name: 'Inspect the roof' });
    expect(urls.some((url) => url.startsWith('/api/admin/tasks') && url.includes('search=roof'))).toBe(true);
    const box = screen.getByRole('searchbox', { name: adminText.taskSearchLabel });
    fireEvent.change(box, { target: { value: 'casey@example.com' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(urls.some((url) => url.includes('search=casey%40example.com'))).toBe(true));
  });
});

describe('the admin Transactions tab links (issue 52)', () => {
  it('links the transaction, its task and both parties', async () => {
    setup(<TransactionsPanel />, '/admin?tab=transactions');
    expect(await screen.findByRole('link', { name: 'Inspect the roof' })).toHaveAttribute('href', `/task/${TASK.id}`);
    expect(screen.getByRole('link', { name: TRANSACTION.id.slice(0, 8) })).toHaveAttribute(
      'href',
      `/admin?tab=transactions&search=${TRANSACTION.id}`,
    );
    expect(screen.getByRole('link', { name: 'Casey Client' })).toHaveAttribute('href', `/admin?tab=users&search=${TASK.client_id}`);
    expect(screen.getByRole('link', { name: 'Sam Expert' })).toHaveAttribute('href', `/admin?tab=users&search=${TASK.expert_id}`);
  });
});

describe('the admin Transactions tab money (issue 51)', () => {
  it("shows the tip and the expert's payout, and downloads the filtered rows as CSV", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({
        rows: [{ ...TRANSACTION, status: 'captured', tip_amount: 1_500, payout_status: 'in_transit', payout_arrival: '2026-12-09' }],
        total: 1,
        page: 1,
        pageSize: 10,
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/admin?tab=transactions']}>
          <TransactionsPanel />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Tip $15.00 (no fee)')).toBeInTheDocument();
    expect(screen.getByText('Payout: In transit, arrives 2026-12-09')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/transactions/export?status=all&search=');
  });
});
