// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistPlaceDto } from '@shared/schemas/discovery.schemas';
import { WaitlistDemand } from './waitlist-demand';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PLACE: WaitlistPlaceDto = {
  location: 'Reykjavik, Iceland',
  latitude: 64.1,
  longitude: -21.9,
  waiting: 2,
  oldest_at: '2026-11-01T10:00:00.000Z',
  newest_at: '2026-11-20T10:00:00.000Z',
  oldest_days: 1,
};

describe('WaitlistDemand (issue 52)', () => {
  it('scrolls its table inside one named region a keyboard user can focus, and writes "1 day"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ places: [PLACE] }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <WaitlistDemand limit={5} />
      </QueryClientProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Waitlisted demand' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toHaveTextContent('(1 day)');
    // One scrolling box, not a second one around it.
    expect(region.parentElement).not.toHaveClass('overflow-x-auto');
  });
});
