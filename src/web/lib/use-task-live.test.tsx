// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

// The sockets are not under test here: the keys each topic refreshes are recorded instead.
const subscriptions = new Map<string, unknown[]>();
vi.mock('./use-realtime', () => ({
  useRealtimeInvalidate: (_prefix: string, _id: string | undefined, topic: string | null, keys: unknown[]) => {
    if (topic) subscriptions.set(topic, keys);
  },
}));

const { useTaskLiveUpdates } = await import('./use-task-live');
const { createQueryClient } = await import('./query-client');

function openTask(updated: number) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      posted.push(JSON.parse(String(init?.body ?? '{}')));
      return new Response(JSON.stringify({ updated }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(['notifications'], { notifications: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useTaskLiveUpdates('t-1', true), { wrapper });
  return { posted, leave: view.unmount, bellState: () => queryClient.getQueryState(['notifications']) };
}

afterEach(() => vi.unstubAllGlobals());

describe('useTaskLiveUpdates', () => {
  it("marks the task's notifications read and reads the bell again when some were unread", async () => {
    const { posted, bellState } = openTask(2);
    await waitFor(() => expect(bellState()?.isInvalidated).toBe(true));
    expect(posted).toEqual([{ task_id: 't-1' }]);
  });

  it('leaves the bell alone when nothing about the task was unread', async () => {
    const { posted, bellState } = openTask(0);
    await waitFor(() => expect(posted).toEqual([{ task_id: 't-1' }]));
    // The answer has been handled once the fetch's promise chain has run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bellState()?.isInvalidated).toBe(false);
  });

  it('sends nothing when the task is left before its request went out', async () => {
    const { posted, leave } = openTask(1);
    leave();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posted).toEqual([]);
  });
});

describe('the task topic', () => {
  it('refreshes the task and its visit, so the Visit card follows a proposal or an acceptance live', () => {
    openTask(0);
    expect(subscriptions.get('tasks:t-1')).toEqual([
      ['tasks', 'detail', 't-1'],
      ['tasks', 't-1', 'appointment'],
    ]);
  });
});
