// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackgroundCheckState, VerificationStatusResponse } from '@shared/schemas/verification.schemas';
import { STARTED_KEY, TrustBadgesCard } from './trust-badges-card';
import * as navigation from './verification-navigation';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

let backgroundCheck: BackgroundCheckState;
const posts: unknown[] = [];

function statusBody(): VerificationStatusResponse {
  const verified = backgroundCheck === 'approved';
  return {
    success: true,
    error: null,
    status: {
      expert_id: 'e-1',
      badges: [
        { level: 'community_trust', name: 'Community Trusted', verified: false, description: '5+ completed tasks with 4.0+ average rating' },
        { level: 'background_check', name: 'Background Checked', verified, description: 'Checked' },
      ],
      community_trusted: false,
      community_trusted_at: null,
      background_verified: verified,
      background_verified_at: verified ? '2026-01-01T00:00:00.000Z' : null,
      positive_review_count: 2,
      background_check: backgroundCheck,
    },
    progress: { percentage: verified ? 50 : 0, completed: verified ? 1 : 0, total: 2 },
  };
}

beforeEach(() => {
  backgroundCheck = 'none';
  posts.length = 0;
  window.sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/verification/status') return json(statusBody());
      if (url.pathname === '/api/verification/initiate') {
        posts.push(JSON.parse(String(init?.body)));
        return json({ success: true, error: null, hosted_apply_url: 'http://localhost/dev/verification/sessions/vs_1' });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TrustBadgesCard expertId="e-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('TrustBadgesCard', () => {
  it('shows the progress and the community rule, and starts a background check on the provider page', async () => {
    const go = vi.spyOn(navigation, 'navigateTo').mockImplementation(() => {});
    renderCard();
    expect(await screen.findByText('0 of 2 badges earned')).toBeInTheDocument();
    expect(screen.getByText(/2 of 5 positive reviews/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start background check' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/dev/verification/sessions/vs_1'));
    expect(posts).toEqual([{ level: 'background_check' }]);
    expect(window.sessionStorage.getItem(STARTED_KEY)).toBe('1');
  });

  it('announces an approval once on return, and offers no new check', async () => {
    window.sessionStorage.setItem(STARTED_KEY, '1');
    backgroundCheck = 'approved';
    renderCard();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(
      'Your background check was approved. The badge now shows on your public profile.',
    ));
    expect(screen.queryByRole('button', { name: 'Start background check' })).toBeNull();
    expect(window.sessionStorage.getItem(STARTED_KEY)).toBeNull();
  });

  it('announces a rejection with an error toast', async () => {
    window.sessionStorage.setItem(STARTED_KEY, '1');
    backgroundCheck = 'rejected';
    renderCard();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(
      'Your background check was not approved. You can start a new check from your profile.',
    ));
    expect(screen.getByRole('button', { name: 'Start background check' })).toBeInTheDocument();
  });
});
