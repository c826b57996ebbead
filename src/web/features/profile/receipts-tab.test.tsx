// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptDto } from '@shared/schemas/receipts.schemas';
import { ReceiptsTab } from './receipts-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const createReceipt = (overrides: Partial<ReceiptDto> = {}): ReceiptDto => ({
  id: 'r-1',
  number: 'R-2026-ABCDEF0123',
  kind: 'payment',
  task_id: 't-1',
  task_title: 'Check the car before I buy it',
  expert_name: 'Quinn Brown',
  amount: 10_000,
  platform_fee: 1_000,
  created_at: '2026-12-06T13:45:00.000Z',
  ...overrides,
});

function setup(answer: Response) {
  vi.stubGlobal('fetch', vi.fn(async () => answer.clone()));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ReceiptsTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Receipts tab (issue 51)', () => {
  it('lists each receipt with its kind, task, expert and a labelled PDF download; a refund reads as money back', async () => {
    setup(Response.json({ receipts: [createReceipt({ id: 'r-2', kind: 'refund', amount: 2_500, number: 'R-2026-FFFF000011' }), createReceipt()] }));
    const rows = await screen.findAllByTestId('receipt');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('+$25.00');
    expect(rows[0]).toHaveTextContent('Refund');
    expect(rows[1]).toHaveTextContent('$100.00');
    expect(rows[1]).toHaveTextContent('Payment');
    expect(rows[1]).toHaveTextContent('Quinn Brown');
    expect(within(rows[1]!).getByRole('link', { name: 'Check the car before I buy it' })).toHaveAttribute('href', '/task/t-1');
    const download = within(rows[1]!).getByRole('link', { name: 'Download receipt R-2026-ABCDEF0123 (PDF)' });
    expect(download).toHaveAttribute('href', '/api/receipts/r-1/pdf');
    expect(download).toHaveAttribute('download');
  });

  it('says when there is nothing yet, and when loading failed', async () => {
    setup(Response.json({ receipts: [] }));
    expect(await screen.findByText('No receipts yet. One appears here whenever your card is charged or refunded.')).toBeInTheDocument();
    cleanup();
    setup(Response.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 503 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load receipts: /);
  });
});
