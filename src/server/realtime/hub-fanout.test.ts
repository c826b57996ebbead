import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { RESYNC_CLOSE_CODE, topicName, parseTopic, type Topic } from '@shared/realtime';
import { manualClock } from '../lib/clock';
import { notFound } from '../lib/errors';
import type { ChangeEvent } from './change-bus';
import { CLOSE_CODES, createRealtimeHub, MAX_BUFFERED_BYTES, type HubSocket } from './hub';
import { fakeBus } from './hub.test-helpers';
import { accessMayChange, topicMatches, type SocketIdentity, type TaskReadRule } from './topic-access';

// The hub's two per-subscription checks, counted: the cost of an event is how often they run.
const topicMatchesSpy = vi.fn(topicMatches);
const accessMayChangeSpy = vi.fn(accessMayChange);
const checks = { topicMatches: topicMatchesSpy, accessMayChange: accessMayChangeSpy };
const actual = { topicMatches, accessMayChange };


/** A database whose only read here is a socket's identity: the roles given per user, applied to nothing. */
function fakeDb(rolesOf: (userId: string) => string[] = () => []) {
  return {
    select: () => ({
      from: () => ({
        where: () => ({
          prepare: () => ({
            execute: async (values: { userId: string }) => [{ data: { roles: rolesOf(values.userId), applied: [] } }],
            getQuery: () => ({ sql: '', params: [] }),
          }),
        }),
      }),
    }),
  } as never;
}

/** The task read rule: anyone may read any task (as an admin, so the chat too) unless revoked. */
function readTaskRule(revoked = new Set<string>()) {
  return vi.fn<TaskReadRule>(async (_db, userId, taskId) => {
    if (revoked.has(`${userId}|${taskId}`)) throw notFound('Task not found');
    return {
      actor: { userId, isAdmin: true, isExpert: false },
      facts: { status: 'in_progress', payment_status: 'held', client_id: userId, expert_id: null } as never,
    };
  });
}

interface FakeSocket extends HubSocket {
  sent: string[];
  closed?: number;
  bufferedAmount: number;
}

const fakeSocket = (): FakeSocket => {
  const socket: FakeSocket = {
    sent: [],
    bufferedAmount: 0,
    send: (data) => void socket.sent.push(data),
    close: (code) => void (socket.closed = code),
  };
  return socket;
};

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const eventFrames = (socket: FakeSocket) =>
  socket.sent.map((frame) => JSON.parse(frame) as { type: string; topic?: string }).filter((frame) => frame.type === 'event');

afterEach(() => {
  topicMatchesSpy.mockClear();
  accessMayChangeSpy.mockClear();
});

describe('realtime hub topic index (issue 55)', () => {
  it('costs an event its subscribers only: 1,000 sockets on 1,000 tasks, one change checks one subscription', async () => {
    const { bus, emit } = fakeBus();
    const readTask = readTaskRule();
    const hub = createRealtimeHub({ checks, db: fakeDb(), clock: manualClock(new Date()), bus, readTask, heartbeatMs: 3_600_000 });
    const taskIds = Array.from({ length: 1_000 }, () => randomUUID());
    const sockets = taskIds.map(() => fakeSocket());
    const handlers = await Promise.all(
      sockets.map((socket, i) => hub.connect(socket, { id: randomUUID(), sessionId: `s${i}` })),
    );
    handlers.forEach((h, i) => h.onMessage(JSON.stringify({ type: 'subscribe', topic: topicName.task(taskIds[i]) })));
    await settle();
    expect(sockets.every((socket) => socket.sent.some((frame) => frame.includes('"subscribed"')))).toBe(true);
    readTask.mockClear();
    topicMatchesSpy.mockClear();
    accessMayChangeSpy.mockClear();

    // One task changes: its one subscriber is re-checked (once) and sent the event; nobody else is looked at.
    emit({ table: 'tasks', op: 'update', id: taskIds[500], client_id: randomUUID(), status: 'assigned' });
    await settle();
    expect(accessMayChangeSpy).toHaveBeenCalledTimes(1);
    expect(topicMatchesSpy).toHaveBeenCalledTimes(0);
    expect(readTask).toHaveBeenCalledTimes(1);
    expect(readTask.mock.calls[0][2]).toBe(taskIds[500]);
    expect(sockets.map((socket) => eventFrames(socket).length).reduce((a, b) => a + b)).toBe(1);
    expect(eventFrames(sockets[500])).toEqual([expect.objectContaining({ topic: topicName.task(taskIds[500]) })]);

    // A chat message of a subscribed task (no one holds its chat topic), another task's application,
    // a notification: no subscriber, no check.
    emit({ table: 'messages', op: 'insert', id: randomUUID(), task_id: taskIds[7], sender_id: randomUUID(), receiver_id: randomUUID() });
    emit({ table: 'notifications', op: 'insert', id: randomUUID(), user_id: randomUUID() });
    emit({ table: 'task_applications', op: 'insert', id: randomUUID(), task_id: randomUUID(), expert_id: randomUUID() });
    await settle();
    expect(accessMayChangeSpy).toHaveBeenCalledTimes(1);
    expect(topicMatchesSpy).toHaveBeenCalledTimes(0);

    // After unsubscribe and close, their tasks' changes check nothing either.
    handlers[1].onMessage(JSON.stringify({ type: 'unsubscribe', topic: topicName.task(taskIds[1]) }));
    handlers[2].onClose();
    emit({ table: 'tasks', op: 'update', id: taskIds[1] });
    emit({ table: 'tasks', op: 'update', id: taskIds[2] });
    await settle();
    expect(accessMayChangeSpy).toHaveBeenCalledTimes(1);
    expect(hub.connectionCount).toBe(999);
    hub.close();
  });

  it('sends exactly what a scan of every socket and topic would (random topics, events, access losses, closes)', async () => {
    // A small world so that topics and events collide often.
    const users = Array.from({ length: 6 }, () => randomUUID());
    const roles = new Map<string, string[]>([
      [users[0], ['admin']],
      [users[1], ['expert']],
      [users[2], ['expert']],
    ]);
    const taskIds = Array.from({ length: 4 }, () => randomUUID());
    const topics = [
      'notifications',
      'tasks',
      'messages',
      ...taskIds.flatMap((id) => [topicName.task(id), topicName.taskApplications(id), topicName.taskMessages(id)]),
      ...users.slice(1, 3).map((id) => topicName.verification(id)),
    ];
    const revoked = new Set<string>();
    const { bus, emit } = fakeBus();
    const hub = createRealtimeHub({
      checks,
      db: fakeDb((id) => roles.get(id) ?? []),
      clock: manualClock(new Date()),
      bus,
      readTask: readTaskRule(revoked),
      heartbeatMs: 3_600_000,
    });
    let seed = 55;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    const maybe = <T,>(values: readonly T[]): T | null => (random() < 0.2 ? null : pick(values));

    // The model: each socket's identity and topics, and the frames a full scan would send it.
    interface Modeled {
      socket: FakeSocket;
      handlers: Awaited<ReturnType<typeof hub.connect>>;
      identity: SocketIdentity;
      topics: Map<string, Topic>;
      expected: string[];
      open: boolean;
    }
    const modeled: Modeled[] = [];
    for (let i = 0; i < 40; i++) {
      const userId = users[i % users.length];
      const socket = fakeSocket();
      const handlers = await hub.connect(socket, { id: userId, sessionId: `s${i}` });
      const held = roles.get(userId) ?? [];
      const identity: SocketIdentity = {
        userId,
        actor: { userId, isAdmin: held.includes('admin'), isExpert: held.includes('expert') },
        appliedTaskIds: new Set(),
      };
      const entry: Modeled = { socket, handlers, identity, topics: new Map(), expected: [], open: true };
      for (let n = 0; n < 1 + Math.floor(random() * 5); n++) {
        const name = pick(topics);
        handlers.onMessage(JSON.stringify({ type: 'subscribe', topic: name }));
        const topic = parseTopic(name)!;
        // Another expert's verification records are refused (its error frame is cleared below).
        const refused = topic.kind === 'expert_verification_records' && topic.id !== userId && !identity.actor.isAdmin;
        if (!refused) entry.topics.set(name, topic);
      }
      modeled.push(entry);
    }
    await settle();
    for (const entry of modeled) entry.socket.sent.length = 0;

    for (let step = 0; step < 400; step++) {
      const roll = random();
      if (roll < 0.03) {
        // A socket goes away, or drops a topic.
        const open = modeled.filter((e) => e.open);
        if (open.length < 2) continue;
        const entry = pick(open);
        entry.handlers.onClose();
        entry.open = false;
        continue;
      }
      if (roll < 0.06) {
        const holding = modeled.filter((e) => e.open && e.topics.size > 0);
        if (holding.length === 0) continue;
        const entry = pick(holding);
        const name = pick([...entry.topics.keys()]);
        entry.handlers.onMessage(JSON.stringify({ type: 'unsubscribe', topic: name }));
        entry.topics.delete(name);
        entry.expected.push(`unsubscribed ${name}`);
        continue;
      }
      if (roll < 0.09) revoked.add(`${pick(users)}|${pick(taskIds)}`);
      const table = pick(['tasks', 'task_applications', 'messages', 'notifications', 'expert_verification_records'] as const);
      const event: ChangeEvent = {
        table,
        op: pick(['insert', 'update', 'delete'] as const),
        id: table === 'tasks' ? pick(taskIds) : randomUUID(),
        task_id: table === 'tasks' ? undefined : maybe(taskIds),
        client_id: maybe(users),
        expert_id: maybe(users),
        previous_expert_id: maybe(users),
        status: maybe(['open', 'assigned', 'in_progress']),
        sender_id: maybe(users),
        receiver_id: maybe(users),
        user_id: maybe(users),
      };
      // What a scan of every open socket and every topic does (the hub before the index).
      for (const entry of modeled.filter((e) => e.open)) {
        if (event.table === 'task_applications' && event.op === 'insert' && event.task_id && entry.identity.userId === event.expert_id) {
          entry.identity.appliedTaskIds.add(event.task_id);
        }
      }
      for (const entry of modeled.filter((e) => e.open)) {
        for (const [name, topic] of [...entry.topics]) {
          if (actual.accessMayChange(topic, event)) {
            if (revoked.has(`${entry.identity.userId}|${topic.id}`)) {
              entry.topics.delete(name);
              entry.expected.push(`error ${name}`);
            } else entry.expected.push(`event ${name} ${event.id}`);
          } else if (actual.topicMatches(topic, entry.identity, event)) entry.expected.push(`event ${name} ${event.id}`);
        }
      }
      emit(event);
      await settle();
    }
    let delivered = 0;
    for (const entry of modeled) {
      const got = entry.socket.sent.map((data) => {
        const frame = JSON.parse(data) as { type: string; topic: string; event?: { id: string } };
        return frame.type === 'event' ? `event ${frame.topic} ${frame.event!.id}` : `${frame.type} ${frame.topic}`;
      });
      // Re-checks are asynchronous, so one event's frames may come in another order: compare as multisets.
      expect(got.sort()).toEqual([...entry.expected].sort());
      delivered += got.length;
    }
    expect(delivered).toBeGreaterThan(50);
    hub.close();
  });
});

describe('realtime hub send buffer bound (issue 55)', () => {
  it('closes a socket whose send buffer passes the limit with the resync code, sends it nothing more, and serves the others', async () => {
    const { bus, emit } = fakeBus();
    const hub = createRealtimeHub({ checks, db: fakeDb(), clock: manualClock(new Date()), bus, readTask: readTaskRule(), heartbeatMs: 3_600_000 });
    const taskId = randomUUID();
    const topic = topicName.taskMessages(taskId);
    const fast = [fakeSocket(), fakeSocket()];
    const slow = fakeSocket();
    // The slow reader never drains: every frame stays queued, and each is counted as 300 KB.
    slow.send = (data) => {
      slow.sent.push(data);
      slow.bufferedAmount += 300 * 1024;
    };
    for (const [i, socket] of [fast[0], slow, fast[1]].entries()) {
      const handlers = await hub.connect(socket, { id: randomUUID(), sessionId: `s${i}` });
      handlers.onMessage(JSON.stringify({ type: 'subscribe', topic }));
    }
    await settle();
    slow.bufferedAmount = 0;
    expect(CLOSE_CODES.resync).toBe(RESYNC_CLOSE_CODE);
    expect(hub.connectionCount).toBe(3);

    const message = () => emit({ table: 'messages', op: 'insert', id: randomUUID(), task_id: taskId, sender_id: randomUUID(), receiver_id: randomUUID() });
    // 4 frames x 300 KB: the buffer passes 1 MiB after the fourth; the fifth finds it over and closes.
    for (let i = 0; i < 4; i++) message();
    expect(slow.bufferedAmount).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(slow.closed).toBeUndefined();
    const sentBefore = slow.sent.length;
    for (let i = 0; i < 6; i++) message();

    expect(slow.closed).toBe(RESYNC_CLOSE_CODE);
    expect(slow.sent.length).toBe(sentBefore);
    expect(eventFrames(slow)).toHaveLength(4);
    expect(hub.connectionCount).toBe(2);
    for (const socket of fast) {
      expect(eventFrames(socket)).toHaveLength(10);
      expect(socket.closed).toBeUndefined();
    }
    hub.close();
    expect(slow.closed).toBe(RESYNC_CLOSE_CODE);
  });

  it('closes a too-slow socket on its next ping too, with no event for it', async () => {
    vi.useFakeTimers();
    try {
      const { bus } = fakeBus();
      const hub = createRealtimeHub({ checks, db: fakeDb(), clock: manualClock(new Date()), bus, readTask: readTaskRule(), heartbeatMs: 1_000 });
      const slow = fakeSocket();
      const handlers = await hub.connect(slow, { id: randomUUID(), sessionId: 's' });
      slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;
      handlers.onMessage('{"type":"pong"}');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(slow.closed).toBe(RESYNC_CLOSE_CODE);
      expect(slow.sent).toEqual([]);
      expect(hub.connectionCount).toBe(0);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
