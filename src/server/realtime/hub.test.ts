import { describe, expect, it, vi } from 'vitest';
import { authSessions, userRoles } from '../db/schema';
import type { ChangeEvent } from './change-bus';
import { manualClock } from '../lib/clock';
import { RECONNECT_ELSEWHERE_CLOSE_CODE } from '@shared/realtime';
import { CLOSE_CODES, createRealtimeHub } from './hub';
import { fakeBus } from './hub.test-helpers';
import { loadVisibleTask } from '../modules/tasks/task-access';


// A database that knows sessions and granted roles (every user's, whatever the filter), applied to nothing.
const sessions = new Map<string, Date>();
const grantedRoles: Array<{ user_id: string; role: string }> = [];
const db = {
  select: () => ({
    from: (table: unknown) => ({
      where: () => {
        const rows = () => {
          if (table === authSessions) return [...sessions].map(([id, expiresAt]) => ({ id, expiresAt }));
          if (table === userRoles) return grantedRoles;
          return [];
        };
        // Awaited directly, or prepared (the identity read of a new socket: no profile row here).
        return Object.assign(Promise.resolve().then(rows), {
          prepare: () => ({ execute: async () => rows(), getQuery: () => ({ sql: '', params: [] }) }),
        });
      },
    }),
  }),
} as never;

/** A hub with one signed-in socket subscribed to the `tasks` topic; `events()` counts what it was sent. */
async function tasksSubscriber(heartbeatMs: number, userId: string, sessionId: string) {
  const fake = fakeBus();
  const clock = manualClock(new Date());
  const hub = createRealtimeHub({ db, clock, bus: fake.bus, readTask: loadVisibleTask, heartbeatMs });
  sessions.set(sessionId, new Date(clock.now().getTime() + 3_600_000));
  const sent: string[] = [];
  const handlers = await hub.connect({ send: (d) => void sent.push(d), close: () => undefined }, { id: userId, sessionId });
  handlers.onMessage('{"type":"subscribe","topic":"tasks"}');
  await vi.advanceTimersByTimeAsync(0);
  const events = () => sent.filter((frame) => frame.includes('"type":"event"')).length;
  return { ...fake, hub, handlers, events };
}

describe('realtime hub heartbeats', () => {
  it('pings, keeps a socket that answers, and closes one that stays silent for two intervals', async () => {
    vi.useFakeTimers();
    try {
      const { bus } = fakeBus();
      const clock = manualClock(new Date());
      const hub = createRealtimeHub({ db, clock, bus, readTask: loadVisibleTask, heartbeatMs: 1_000 });
      const live = { sent: [] as string[], closed: undefined as number | undefined };
      const dead = { sent: [] as string[], closed: undefined as number | undefined };
      const socketOf = (s: typeof live) => ({ send: (d: string) => void s.sent.push(d), close: (code?: number) => void (s.closed = code) });
      sessions.set('s1', new Date(clock.now().getTime() + 3_600_000));
      const user = { id: '00000000-0000-4000-8000-000000000001', sessionId: 's1' };
      const liveHandlers = await hub.connect(socketOf(live), user);
      await hub.connect(socketOf(dead), user);
      for (let i = 0; i < 3; i++) {
        await vi.advanceTimersByTimeAsync(1_000);
        liveHandlers.onMessage('{"type":"pong"}');
      }
      expect(live.sent).toContain('{"type":"ping"}');
      expect(live.closed).toBeUndefined();
      expect(dead.closed).toBe(CLOSE_CODES.heartbeatTimeout);
      expect(hub.connectionCount).toBe(1);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes a socket whose session ended, and tells every socket to resync after a reconnect', async () => {
    vi.useFakeTimers();
    try {
      const { bus, resync } = fakeBus();
      const clock = manualClock(new Date());
      const hub = createRealtimeHub({ db, clock, bus, readTask: loadVisibleTask, heartbeatMs: 1_000 });
      const s = { sent: [] as string[], closed: undefined as number | undefined };
      sessions.set('s2', new Date(clock.now().getTime() + 1_500));
      const handlers = await hub.connect(
        { send: (d) => void s.sent.push(d), close: (code) => void (s.closed = code) },
        { id: '00000000-0000-4000-8000-000000000002', sessionId: 's2' },
      );
      resync();
      expect(s.sent).toContain('{"type":"resync"}');
      handlers.onMessage('not json');
      expect(JSON.parse(s.sent.at(-1)!)).toEqual({ type: 'error', message: 'Invalid frame' });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(s.closed).toBeUndefined();
      // Signed out elsewhere: the session row is gone.
      sessions.delete('s2');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(s.closed).toBe(CLOSE_CODES.sessionExpired);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("re-reads roles at each heartbeat: a client made admin starts receiving every task's changes", async () => {
    vi.useFakeTimers();
    try {
      const userId = '00000000-0000-4000-8000-000000000003';
      const { hub, handlers, emit, events } = await tasksSubscriber(1_000, userId, 's3');
      const othersTask = { table: 'tasks', op: 'update', id: 'task-1', client_id: 'someone-else', status: 'assigned' } as ChangeEvent;

      emit(othersTask);
      expect(events()).toBe(0);
      grantedRoles.push({ user_id: userId, role: 'admin' });
      handlers.onMessage('{"type":"pong"}');
      await vi.advanceTimersByTimeAsync(1_000);
      emit(othersTask);
      expect(events()).toBe(1);
      hub.close();
    } finally {
      grantedRoles.length = 0;
      vi.useRealTimers();
    }
  });

  it('re-reads roles as soon as user_roles changes, without waiting for the heartbeat', async () => {
    vi.useFakeTimers();
    try {
      const userId = '00000000-0000-4000-8000-000000000004';
      const { hub, emit, notify, events } = await tasksSubscriber(60_000, userId, 's4');
      const openTask = { table: 'tasks', op: 'insert', id: 'task-2', client_id: 'someone-else', status: 'open' } as ChangeEvent;

      emit(openTask);
      expect(events()).toBe(0);
      grantedRoles.push({ user_id: userId, role: 'expert' });
      // Another table's NOTIFY changes nothing; the user_roles one does, long before the 60 s heartbeat.
      notify('reviews');
      await vi.advanceTimersByTimeAsync(0);
      emit(openTask);
      expect(events()).toBe(0);
      notify('user_roles');
      notify('user_roles');
      await vi.advanceTimersByTimeAsync(0);
      emit(openTask);
      expect(events()).toBe(1);
      hub.close();
    } finally {
      grantedRoles.length = 0;
      vi.useRealTimers();
    }
  });
});

describe('realtime hub and a per-topic bus (Redis, decision 0476)', () => {
  it('tells the bus when a bucket gets its first subscription and when it empties, and sends "subscribed" once the bus holds it', async () => {
    const fake = fakeBus();
    const held: string[] = [];
    const released: string[] = [];
    let holdDone: () => void = () => undefined;
    fake.bus.topicHeld = (key) => {
      held.push(key);
      return new Promise<void>((resolve) => (holdDone = resolve));
    };
    fake.bus.topicReleased = (key) => void released.push(key);
    const clock = manualClock(new Date());
    const hub = createRealtimeHub({ db, clock, bus: fake.bus, readTask: loadVisibleTask, heartbeatMs: 60_000 });
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    sessions.set('bus-s1', new Date(clock.now().getTime() + 3_600_000));
    const user = { id: '00000000-0000-4000-8000-0000000000b1', sessionId: 'bus-s1' };
    const first: string[] = [];
    const second: string[] = [];
    const one = await hub.connect({ send: (d) => void first.push(d), close: () => undefined }, user);
    const two = await hub.connect({ send: (d) => void second.push(d), close: () => undefined }, user);
    one.onMessage('{"type":"subscribe","topic":"notifications"}');
    await tick();
    two.onMessage('{"type":"subscribe","topic":"notifications"}');
    await tick();
    // One bucket, held once; neither socket is "subscribed" until the bus confirms events arrive.
    expect(held).toEqual([`notifications:${user.id}`]);
    expect(first.some((f) => f.includes('"subscribed"'))).toBe(false);
    expect(second.some((f) => f.includes('"subscribed"'))).toBe(false);
    holdDone();
    await tick();
    expect(first.some((f) => f.includes('"subscribed"'))).toBe(true);
    expect(second.some((f) => f.includes('"subscribed"'))).toBe(true);

    // A keyed delivery reaches only that bucket.
    const event: ChangeEvent = { table: 'notifications', op: 'insert', id: 'n1', user_id: user.id };
    const eventsOf = (sent: string[]) => sent.filter((f) => f.includes('"type":"event"')).length;
    fake.emitKeyed(event, ['table:tasks']);
    expect(eventsOf(first)).toBe(0);
    fake.emitKeyed(event, [`notifications:${user.id}`]);
    expect([eventsOf(first), eventsOf(second)]).toEqual([1, 1]);

    one.onMessage('{"type":"unsubscribe","topic":"notifications"}');
    expect(released).toEqual([]);
    two.onClose();
    expect(released).toEqual([`notifications:${user.id}`]);
    hub.close();
  });
});

describe('realtime hub on shutdown', () => {
  const user = { id: '00000000-0000-4000-8000-000000000009', sessionId: 's-shutdown' };
  const socketOf = () => {
    const socket = { sent: [] as string[], closed: [] as number[] };
    return { socket, hubSocket: { send: (d: string) => void socket.sent.push(d), close: (code?: number) => void socket.closed.push(code ?? 0) } };
  };

  it('tells an open socket and one still connecting to reconnect elsewhere (1012), and adds neither', async () => {
    const { bus } = fakeBus();
    const hub = createRealtimeHub({ db, clock: manualClock(new Date()), bus, readTask: loadVisibleTask, heartbeatMs: 60_000 });
    const open = socketOf();
    await hub.connect(open.hubSocket, user);
    const connecting = socketOf();
    // Its identity read is still on its way when the shutdown comes.
    const pending = hub.connect(connecting.hubSocket, user);
    hub.close();
    const handlers = await pending;
    handlers.onMessage('{"type":"subscribe","topic":"tasks"}');
    expect(open.socket.closed).toEqual([RECONNECT_ELSEWHERE_CLOSE_CODE]);
    expect(connecting.socket.closed).toEqual([RECONNECT_ELSEWHERE_CLOSE_CODE]);
    expect(connecting.socket.sent).toEqual([]);
    expect(hub.connectionCount).toBe(0);
  });

  it('turns away a socket that arrives after the shutdown with 1012', async () => {
    const { bus } = fakeBus();
    const hub = createRealtimeHub({ db, clock: manualClock(new Date()), bus, readTask: loadVisibleTask, heartbeatMs: 60_000 });
    hub.close();
    const late = socketOf();
    await hub.connect(late.hubSocket, user);
    expect(late.socket.closed).toEqual([RECONNECT_ELSEWHERE_CLOSE_CODE]);
    expect(hub.connectionCount).toBe(0);
  });
});
