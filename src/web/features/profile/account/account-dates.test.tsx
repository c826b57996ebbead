// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountSessionDto, DataExportDto } from '@shared/schemas/account-control.schemas';
import { ExportCard } from './export-card';
import { SessionsCard } from './sessions-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** Local times, so the expected texts hold in any time zone. */
const LAST_USED = new Date(2026, 10, 27, 6, 40, 31).toISOString();
const EARLIER = new Date(2026, 10, 26, 18, 5, 0).toISOString();
const EXPIRES = new Date(2026, 11, 4, 9, 0, 0).toISOString();

const sessions: AccountSessionDto[] = [
  {
    id: 's1',
    device: 'Chrome on macOS',
    place: '203.0.113.0/24',
    last_used_at: LAST_USED,
    created_at: LAST_USED,
    current: true,
  },
  {
    id: 's2',
    device: 'Safari on iPhone',
    place: '198.51.100.0/24',
    last_used_at: EARLIER,
    created_at: EARLIER,
    current: false,
  },
];
const exports: DataExportDto[] = [
  {
    id: 'x1',
    status: 'ready',
    created_at: LAST_USED,
    ready_at: LAST_USED,
    expires_at: EXPIRES,
    download_url: '/api/account/exports/x1/download',
  },
];

function renderCard(card: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{card}</QueryClientProvider>);
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (path === '/api/account/sessions') return json({ sessions });
      if (path === '/api/account/exports') return json({ exports });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Testing Library reads the narrow no-break space before AM/PM (as Intl writes it) as a space.
describe('dates on the Account tab', () => {
  it('writes when each session was last used as "Nov 27, 2026, 6:40 AM", not numerically', async () => {
    renderCard(<SessionsCard />);
    expect(await screen.findByText(`203.0.113.0/24 · last used Nov 27, 2026, 6:40 AM`)).toBeInTheDocument();
    expect(screen.getByText(`198.51.100.0/24 · last used Nov 26, 2026, 6:05 PM`)).toBeInTheDocument();
    expect(screen.queryByText(/11\/27\/2026/)).not.toBeInTheDocument();
  });

  it('writes the export dates in the same shape, without Intl (decision 0391)', async () => {
    const intl = vi.spyOn(Date.prototype, 'toLocaleString');
    renderCard(<ExportCard />);
    expect(await screen.findByText(`Requested Nov 27, 2026, 6:40 AM`, { exact: false })).toBeInTheDocument();
    expect(screen.getByText(`Available until Dec 4, 2026, 9:00 AM`)).toBeInTheDocument();
    expect(intl).not.toHaveBeenCalled();
  });
});
