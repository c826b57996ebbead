// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemStatusDto } from '@shared/schemas/system.schemas';
import SystemPanel from './system-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STATUS: SystemStatusDto = {
  queue: { due: 3, oldest_due_at: '2026-01-01T10:00:00.000Z', failed: 1, failing: 1 },
  failed_jobs: [
    {
      id: 'job-1',
      kind: 'deliver-email',
      attempts: 5,
      max_attempts: 5,
      last_error: 'smtp refused',
      run_at: '2026-01-01T10:00:00.000Z',
      created_at: '2026-01-01T09:00:00.000Z',
    },
  ],
  payment_retries: [
    {
      id: 'job-2',
      kind: 'capture_retry',
      attempts: 2,
      max_attempts: 10,
      last_error: 'card_declined',
      run_at: '2026-01-01T11:00:00.000Z',
      created_at: '2026-01-01T09:00:00.000Z',
    },
  ],
  webhook_failures: [{ route: '/api/payment-webhooks', status: 400, at: '2026-01-01T10:30:00.000Z' }],
  failed_deliveries: { email: 1, push: 0 },
  versions: { api: '0.1.0', node: 'v20.20.2', database: 'pglite', schema: 1 },
  reconciliation: {
    started_at: '2026-01-01T10:40:00.000Z',
    finished_at: '2026-01-01T10:40:01.000Z',
    tasks_checked: 4,
    drift_found: 2,
    repaired: 1,
    unresolved: 1,
    findings: [
      { task_id: 'aaaaaaaa-0000-4000-8000-000000000001', intent_id: 'pi_1', kind: 'capture_not_recorded', repaired: true, detail: 'A capture made at the provider was recorded.' },
      { task_id: 'bbbbbbbb-0000-4000-8000-000000000002', intent_id: 'pi_2', kind: 'orphan_capture', repaired: false, detail: 'Refund it.' },
    ],
  },
  providers: [
    { service: 'email', provider: 'smtp', embedded: false },
    { service: 'storage', provider: 'disk', embedded: true },
  ],
};

function setup() {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') posts.push(url);
      return new Response(JSON.stringify(init?.method === 'POST' ? { job: {} } : STATUS), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SystemPanel />
    </QueryClientProvider>,
  );
  return posts;
}

describe('the System tab', () => {
  it('shows the queue, failures, payment retries and versions', async () => {
    setup();
    expect(await screen.findByText('smtp refused')).toBeInTheDocument();
    expect(screen.getByText('Due now').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('card_declined')).toBeInTheDocument();
    expect(screen.getByText(/\/api\/payment-webhooks · 400/)).toBeInTheDocument();
    expect(screen.getByText(/API 0\.1\.0 · Node v20\.20\.2 · Embedded database/)).toBeInTheDocument();
  });

  it("shows the reconciler's last run and each difference with a link to its task", async () => {
    setup();
    expect(await screen.findByText(/4 payments checked, 2 differences found, 1 repaired, 1 for an admin/)).toBeInTheDocument();
    expect(screen.getByText(/capture not recorded · repaired/)).toBeInTheDocument();
    expect(screen.getByText(/orphan capture · needs a look/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Task bbbbbbbb' })).toHaveAttribute('href', '/task/bbbbbbbb-0000-4000-8000-000000000002');
  });

  it('says when the reconciler has not run yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ...STATUS, reconciliation: null }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SystemPanel />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('The reconciler has not run yet.')).toBeInTheDocument();
  });

  it('names the provider of each outside service and marks the embedded ones', async () => {
    setup();
    const email = (await screen.findByText('Email')).closest('tr')!;
    expect(email).toHaveTextContent('smtp');
    expect(email).not.toHaveTextContent('embedded');
    expect(screen.getByText('File storage').closest('tr')).toHaveTextContent('disk (embedded)');
  });

  it('retries a failed job with its button', async () => {
    const posts = setup();
    const row = (await screen.findByText('smtp refused')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Retry deliver-email' }));
    await waitFor(() => expect(posts).toEqual(['/api/admin/system/jobs/job-1/retry']));
  });
});
