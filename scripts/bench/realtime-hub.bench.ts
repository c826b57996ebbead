/**
 * The realtime hub's cost per event as connections grow (issue 55, decision 0475): N sockets, each
 * subscribed to the chat of a different task, and one chat message after another, each for one of
 * those tasks (one subscriber, one frame). The hub runs in process with sockets that only count
 * frames, so the figure is the hub's own dispatch: the topic index lookup, the match and the send.
 *
 * Two ratios per repeat, min / median / max over BENCH_REPEATS:
 * - per event at 10,000 sockets against per event at 10 sockets, the same hub in the same run:
 *   with the index an event costs its subscribers, so this stays small (a bigger index misses the
 *   CPU caches more often: measured 1.9x on a loaded 2-core machine) where a scan would grow 1,000x;
 * - per event at 10,000 sockets against a scan of the same 10,000 subscriptions with the hub's own
 *   checks (accessMayChange, then topicMatches), which is what the hub did for every event before
 *   the index, without the send.
 * Run alone: node --import tsx scripts/bench/realtime-hub.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseTopic, topicName, type Topic } from '../../src/shared/realtime';
import { systemClock } from '../../src/server/lib/clock';
import type { ChangeEvent } from '../../src/server/realtime/change-bus';
import { createRealtimeHub } from '../../src/server/realtime/hub';
import { fakeBus } from '../../src/server/realtime/hub.test-helpers';
import { accessMayChange, topicMatches, type SocketIdentity, type TaskReadRule } from '../../src/server/realtime/topic-access';
import { ratioRow, REPEATS, type BenchRow } from './stats';

const MANY = 10_000;
const FEW = 10;
const EVENTS = 20_000;
/** The scan costs about 1,000 times more per event: fewer events keep its run short. */
const SCAN_EVENTS = 1_000;

const us = (value: number) => `${value.toFixed(2)} µs`;

/** The one read the hub makes of the database here is a socket's identity: no roles, applied to nothing. */
const db = {
  select: () => ({
    from: () => ({
      where: () => ({
        prepare: () => ({
          execute: async () => [{ data: { roles: [], applied: [] } }],
          getQuery: () => ({ sql: '', params: [] }),
        }),
      }),
    }),
  }),
} as never;

/** Everyone may read every task's chat (as an admin): the subscriptions all succeed. */
const readTask: TaskReadRule = async (_db, userId) => ({
  actor: { userId, isAdmin: true, isExpert: false },
  facts: { status: 'in_progress', payment_status: 'held', client_id: userId, expert_id: null } as never,
});

/** A hub with `count` sockets, socket i on the chat of task i; `run` dispatches EVENTS messages. */
async function hubWith(count: number) {
  const fake = fakeBus();
  const bus = fake.bus;
  const hub = createRealtimeHub({ db, clock: systemClock, bus, readTask, heartbeatMs: 3_600_000 });
  const taskIds = Array.from({ length: count }, () => randomUUID());
  let frames = 0;
  const socket = { send: () => void (frames += 1), close: () => undefined, bufferedAmount: 0 };
  for (const [i, taskId] of taskIds.entries()) {
    const handlers = await hub.connect(socket, { id: randomUUID(), sessionId: `s${i}` });
    handlers.onMessage(JSON.stringify({ type: 'subscribe', topic: topicName.taskMessages(taskId) }));
  }
  await new Promise((resolve) => setImmediate(resolve));
  const events = eventsFor(taskIds, EVENTS);
  const listener = fake.listener();
  return {
    taskIds,
    /** Microseconds per event. */
    run() {
      frames = 0;
      const start = performance.now();
      for (const event of events) listener.onChange(event);
      const elapsed = performance.now() - start;
      if (frames !== events.length) throw new Error(`expected ${events.length} frames, got ${frames}`);
      return (elapsed * 1_000) / events.length;
    },
    close: () => hub.close(),
  };
}

function eventsFor(taskIds: string[], count: number): ChangeEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    table: 'messages',
    op: 'insert',
    id: randomUUID(),
    task_id: taskIds[(i * 7_919) % taskIds.length],
    sender_id: randomUUID(),
    receiver_id: randomUUID(),
  }));
}

/** The hub's event loop before the index: every connection's every topic checked, for each event. */
function scanOf(taskIds: string[]) {
  const connections = taskIds.map((taskId) => {
    const userId = randomUUID();
    const identity: SocketIdentity = { userId, actor: { userId, isAdmin: false, isExpert: false }, appliedTaskIds: new Set() };
    const name = topicName.taskMessages(taskId);
    return { identity, topics: new Map<string, Topic>([[name, parseTopic(name)!]]) };
  });
  const events = eventsFor(taskIds, SCAN_EVENTS);
  return () => {
    let matched = 0;
    const start = performance.now();
    for (const event of events) {
      for (const connection of connections) {
        for (const [, topic] of connection.topics) {
          if (accessMayChange(topic, event)) continue;
          if (topicMatches(topic, connection.identity, event)) matched += 1;
        }
      }
    }
    const elapsed = performance.now() - start;
    if (matched !== events.length) throw new Error(`expected ${events.length} matches, got ${matched}`);
    return (elapsed * 1_000) / events.length;
  };
}

export async function benchRealtimeHub(): Promise<BenchRow[]> {
  const many = await hubWith(MANY);
  const few = await hubWith(FEW);
  const scan = scanOf(many.taskIds);
  const vsFew: Array<{ value: number; reference: number }> = [];
  const vsScan: Array<{ value: number; reference: number }> = [];
  try {
    // Warm-up (JIT), then alternate so that the machine's load weighs on each alike.
    many.run();
    few.run();
    scan();
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      const reference = few.run();
      const value = many.run();
      vsFew.push({ value, reference });
      vsScan.push({ value: many.run(), reference: scan() });
    }
  } finally {
    many.close();
    few.close();
  }
  return [
    ratioRow(`hub, 1 chat message, ${MANY.toLocaleString('en')} sockets vs ${FEW} sockets, per event`, vsFew, {
      format: us,
      goal: '<= 3x (a scan grows 1,000x from 10 to 10,000)',
    }),
    ratioRow(`hub, same at ${MANY.toLocaleString('en')} sockets vs a scan of every subscription (the hub before 0475)`, vsScan, {
      format: us,
      goal: '< 0.1x',
    }),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchRealtimeHub()
    .then((rows) => {
      for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
