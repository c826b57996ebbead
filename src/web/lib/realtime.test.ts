import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECT_ELSEWHERE_CLOSE_CODE, RESYNC_CLOSE_CODE } from '@shared/realtime';
import { backoffDelay, channelName, createRealtimeClient } from './realtime';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen?: () => void;
  onclose?: (event?: { code?: number }) => void;
  onmessage?: (message: { data: string }) => void;
  onerror?: () => void;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  /** The server closes the socket with a close code. */
  closedByServer(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const make = () =>
  createRealtimeClient({ url: () => 'ws://test/api/realtime', WebSocketImpl: FakeSocket as unknown as typeof WebSocket });

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('realtime client', () => {
  it('names channels prefix-id-timestamp-random', () => {
    expect(channelName('task', 'abc', 1700000000000, 0.5)).toMatch(/^task-abc-1700000000000-[a-z0-9]+$/);
    expect(channelName('tasks', undefined, 1, 0.25)).toMatch(/^tasks-1-[a-z0-9]+$/);
  });

  it('replaces a channel with the same prefix before creating the new one', () => {
    const client = make();
    client.connect();
    FakeSocket.all[0].open();
    const first = vi.fn();
    const second = vi.fn();
    client.channel('task', 'a', 'tasks:a', { onEvent: first });
    client.channel('task', 'b', 'tasks:b', { onEvent: second });
    expect(client.channelNames()).toHaveLength(1);
    expect(FakeSocket.all[0].sent).toEqual([
      { type: 'subscribe', topic: 'tasks:a' },
      { type: 'unsubscribe', topic: 'tasks:a' },
      { type: 'subscribe', topic: 'tasks:b' },
    ]);
    FakeSocket.all[0].receive({ type: 'event', topic: 'tasks:a', event: { table: 'tasks', op: 'update', id: 'a' } });
    FakeSocket.all[0].receive({ type: 'event', topic: 'tasks:b', event: { table: 'tasks', op: 'update', id: 'b' } });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ table: 'tasks', op: 'update', id: 'b' });
  });

  it('answers pings, reconnects with backoff, resubscribes and asks for a refetch', () => {
    const client = make();
    const refetch = vi.fn();
    client.onReconnect(refetch);
    client.channel('notifications', undefined, 'notifications', { onEvent: () => undefined });
    client.connect();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({ type: 'ping' });
    expect(FakeSocket.all[0].sent).toContainEqual({ type: 'pong' });
    expect(refetch).not.toHaveBeenCalled();
    FakeSocket.all[0].close();
    expect(client.status()).toBe('closed');
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent).toEqual([{ type: 'subscribe', topic: 'notifications' }]);
    expect(refetch).toHaveBeenCalledTimes(1);
    FakeSocket.all[1].receive({ type: 'resync' });
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('passes a settings frame (maintenance switched) to the settings listeners only', () => {
    const client = make();
    const onSettings = vi.fn();
    const refetch = vi.fn();
    client.onSettingsChange(onSettings);
    client.onReconnect(refetch);
    client.connect();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({ type: 'settings' });
    expect(onSettings).toHaveBeenCalledTimes(1);
    expect(refetch).not.toHaveBeenCalled();
  });

  it("tells a channel when the server confirms its topic, after each resubscription, and not another topic's", () => {
    const client = make();
    const bell = vi.fn();
    const chat = vi.fn();
    client.channel('notifications', undefined, 'notifications', { onEvent: () => undefined, onSubscribed: bell });
    client.channel('chat', 'x', 'messages:x', { onEvent: () => undefined, onSubscribed: chat });
    client.connect();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({ type: 'subscribed', topic: 'notifications' });
    expect(bell).toHaveBeenCalledTimes(1);
    expect(chat).not.toHaveBeenCalled();
    // A reconnect subscribes again: the confirmation comes again, and so does the call.
    FakeSocket.all[0].close();
    vi.advanceTimersByTime(30_000);
    FakeSocket.all[1].open();
    FakeSocket.all[1].receive({ type: 'subscribed', topic: 'notifications' });
    FakeSocket.all[1].receive({ type: 'subscribed', topic: 'messages:x' });
    expect(bell).toHaveBeenCalledTimes(2);
    expect(chat).toHaveBeenCalledTimes(1);
  });

  it('reports subscription errors to the channel and to the error monitor', () => {
    const client = make();
    const onError = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    client.channel('chat', 'x', 'messages:x', { onEvent: () => undefined, onError });
    client.connect();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({ type: 'error', topic: 'messages:x', message: 'You must be accepted' });
    expect(onError).toHaveBeenCalledWith('You must be accepted');
    expect(consoleError).toHaveBeenCalledWith('Realtime subscription error on messages:x: You must be accepted');
    consoleError.mockRestore();
  });

  it('does not log a refusal the channel says its screen already shows, and still tells the channel', () => {
    const client = make();
    const onError = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    client.channel('chat', 'x', 'messages:x', {
      onEvent: () => undefined,
      onError,
      isExpectedRefusal: (message) => message === 'Messages are only available to the client and the accepted expert.',
    });
    client.connect();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({
      type: 'error',
      topic: 'messages:x',
      message: 'Messages are only available to the client and the accepted expert.',
    });
    expect(onError).toHaveBeenCalledWith('Messages are only available to the client and the accepted expert.');
    expect(consoleError).not.toHaveBeenCalled();
    // Any other refusal of the same topic is still an error for the monitor.
    FakeSocket.all[0].receive({ type: 'error', topic: 'messages:x', message: 'Internal error' });
    expect(consoleError).toHaveBeenCalledWith('Realtime subscription error on messages:x: Internal error');
    consoleError.mockRestore();
  });

  it('reconnects at once and refetches after the server drops a too-slow socket (resync code), like a restart', () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    try {
      for (const code of [RESYNC_CLOSE_CODE, RECONNECT_ELSEWHERE_CLOSE_CODE]) {
        FakeSocket.all = [];
        const client = make();
        const refetch = vi.fn();
        client.onReconnect(refetch);
        client.channel('task', 'a', 'tasks:a', { onEvent: () => undefined });
        client.connect();
        FakeSocket.all[0].open();
        FakeSocket.all[0].closedByServer(code);
        // At most 500 ms, where the first backoff step (with this random draw) is 1 s.
        vi.advanceTimersByTime(500);
        expect(FakeSocket.all).toHaveLength(2);
        FakeSocket.all[1].open();
        expect(FakeSocket.all[1].sent).toEqual([{ type: 'subscribe', topic: 'tasks:a' }]);
        expect(refetch).toHaveBeenCalledTimes(1);
        client.disconnect();
      }
      // Any other close waits for the backoff.
      FakeSocket.all = [];
      const client = make();
      client.connect();
      FakeSocket.all[0].open();
      FakeSocket.all[0].closedByServer(1006);
      vi.advanceTimersByTime(500);
      expect(FakeSocket.all).toHaveLength(1);
      vi.advanceTimersByTime(500);
      expect(FakeSocket.all).toHaveLength(2);
      client.disconnect();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('backs off exponentially up to 30 s', () => {
    expect(backoffDelay(0, 1)).toBe(1_000);
    expect(backoffDelay(3, 1)).toBe(8_000);
    expect(backoffDelay(10, 1)).toBe(30_000);
    expect(backoffDelay(10, 0)).toBe(15_000);
  });
});
