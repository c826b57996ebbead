// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformProbe } from '@web/lib/platform';
import { readReturnFlags } from './return-plan';
import { OnboardingReturn } from './stripe-return-page';

const probe = (native: boolean, mobile: boolean): PlatformProbe => ({
  isNativePlatform: () => native,
  isMobileBrowser: () => mobile,
});

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderReturn(search: string, platform: PlatformProbe, openDeepLink = vi.fn()) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const router = createMemoryRouter(
    [
      {
        path: '/stripe-return',
        element: <OnboardingReturn flags={readReturnFlags(search)} probe={platform} appScheme="remotexpert" openDeepLink={openDeepLink} />,
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`/stripe-return${search}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { invalidate, openDeepLink };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const advance = (ms: number) => act(async () => {
  await vi.advanceTimersByTimeAsync(ms);
});

describe('/stripe-return', () => {
  it('desktop web: "Success", then the payments tab after 1 s', async () => {
    renderReturn('?from=stripe&success=true', probe(false, false));
    expect(screen.getByRole('heading', { name: 'Success' })).toBeInTheDocument();
    await advance(999);
    expect(screen.queryByText(/^At /)).toBeNull();
    await advance(1);
    expect(screen.getByText('At /profile?tab=payments&success=true')).toBeInTheDocument();
  });

  it('native app: invalidates the expert profile, then the payments tab after 0.5 s', async () => {
    const { invalidate } = renderReturn('?from=stripe&success=true', probe(true, true));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['experts', 'me'] });
    await advance(500);
    expect(screen.getByText('At /profile?tab=payments&success=true')).toBeInTheDocument();
  });

  it('mobile web: opens the deep link, then after 2.5 s counts down 3 s to the payments tab', async () => {
    const { openDeepLink } = renderReturn('?from=stripe&refresh=true', probe(false, true));
    expect(openDeepLink).toHaveBeenCalledWith('remotexpert://stripe-return?from=stripe&refresh=true');
    expect(screen.getByRole('heading', { name: 'Opening the app...' })).toBeInTheDocument();
    await advance(2500);
    expect(screen.getByRole('heading', { name: 'Continue in your browser' })).toBeInTheDocument();
    expect(screen.getByText(/in 3s/)).toBeInTheDocument();
    await advance(1000);
    expect(screen.getByText(/in 2s/)).toBeInTheDocument();
    await advance(2000);
    expect(screen.getByText('At /profile?tab=payments&refresh=true')).toBeInTheDocument();
  });

  it('custom browser tab: "Setup Complete" and no redirect', async () => {
    renderReturn('?from=stripe&success=true&platform=mobile', probe(false, true));
    expect(screen.getByRole('heading', { name: 'Setup Complete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close window' })).toBeInTheDocument();
    await advance(10_000);
    expect(screen.queryByText(/^At /)).toBeNull();
  });

  it('without flags goes to /dashboard', async () => {
    renderReturn('', probe(false, false));
    await advance(0);
    expect(screen.getByText('At /dashboard')).toBeInTheDocument();
  });
});
