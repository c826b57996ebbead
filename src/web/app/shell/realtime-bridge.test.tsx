// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';

// Only the socket's lifecycle is under test: the channels are use-realtime's.
const calls: string[] = [];
vi.mock('@web/lib/realtime', () => ({
  realtime: {
    connect: () => calls.push('connect'),
    disconnect: () => calls.push('disconnect'),
    onReconnect: () => () => calls.push('stop'),
  },
}));
vi.mock('@web/lib/use-realtime', () => ({
  useRealtimeChannel: () => undefined,
  useRealtimeInvalidate: () => undefined,
}));

const { RealtimeBridge } = await import('./realtime-bridge');
const { createQueryClient } = await import('@web/lib/query-client');

const renderBridge = () =>
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RealtimeBridge userId="u-1" isExpert={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  calls.length = 0;
});

describe('RealtimeBridge', () => {
  it('opens one socket after the first render, in a task of its own, even when effects run twice', async () => {
    const view = renderBridge();
    // Not inside the render's effect pass (decision 0412)...
    expect(calls).not.toContain('connect');
    await nextTask();
    // ...and StrictMode's mount, unmount and mount again open it once, not open-close-open.
    expect(calls.filter((call) => call === 'connect')).toHaveLength(1);
    expect(calls.indexOf('disconnect')).toBeLessThan(calls.indexOf('connect'));
    view.unmount();
    expect(calls.at(-1)).toBe('disconnect');
  });

  it('opens no socket when it is gone before its task runs', async () => {
    renderBridge().unmount();
    await nextTask();
    expect(calls).not.toContain('connect');
  });
});
