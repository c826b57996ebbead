import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOutRequest } from './session';

/** Signing out on a shared computer: this browser's push subscription goes before the session does. */
describe('signOutRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubBrowser(subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null) {
    const calls: string[] = [];
    vi.stubGlobal('navigator', {
      serviceWorker: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return new Response(null, { status: 204 });
      }),
    );
    return calls;
  }

  it('removes the browser subscription on the server and in the browser, then signs out', async () => {
    const unsubscribe = vi.fn(async () => true);
    const calls = stubBrowser({ endpoint: 'https://push.example/abc', unsubscribe });
    await signOutRequest();
    expect(calls).toEqual([
      `DELETE /api/web-push/subscriptions?endpoint=${encodeURIComponent('https://push.example/abc')}`,
      'POST /api/auth/sign-out',
    ]);
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('only signs out when the browser has no subscription', async () => {
    const calls = stubBrowser(null);
    await signOutRequest();
    expect(calls).toEqual(['POST /api/auth/sign-out']);
  });
});
