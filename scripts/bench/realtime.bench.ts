/**
 * Realtime fan-out: one chat message committed to the database, delivered to 1,000 sockets that
 * subscribed to that task's messages on one instance (PGlite in-process LISTEN, the hub's topic
 * match, one frame per socket). Latency is from the moment the insert's commit returns to each
 * socket's receipt (the commit instant is when the NOTIFY reaches the process, before any listener
 * runs; a second row times from the start of the insert's transaction, an upper bound); p50 and p99 over the 1,000 receipts. Beside it, in the same run, a bare `ws`
 * server broadcasting one frame to 1,000 sockets (the floor). Each is measured 3 times; the rows
 * give min / median / max of the repeats.
 * Run alone: node --import tsx scripts/bench/realtime.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { hashPassword } from 'better-auth/crypto';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { authAccounts, authUsers, expertProfiles, messages, profiles, tasks, userRoles } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { systemClock } from '../../src/server/lib/clock';
import { createServerContext } from '../../src/server/server-context';
import { createChangeBus, type ChangeBus } from '../../src/server/realtime/change-bus';
import { startTestServer } from '../../src/server/test/test-server';
import { REALTIME_PATH, topicName } from '../../src/shared/realtime';
import type { BenchRow } from './stats';

const SOCKETS = 1_000;
const REPEATS = 3;
const ORIGIN = 'http://localhost:3998';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const triple = (values: number[]) => {
  const s = stats(values);
  return `${ms(s.min)} / ${ms(s.median)} / ${ms(s.max)}`;
};

/** Opens `count` sockets and resolves when all are open (in batches, so the accept queue keeps up). */
async function openSockets(url: string, count: number, headers: Record<string, string> = {}): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, () => new WebSocket(url, { headers }));
    await Promise.all(batch.map((ws) => new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    })));
    sockets.push(...batch);
  }
  return sockets;
}

/** Waits until every socket received one frame matching `match`; returns each receipt time. */
function receipts(sockets: WebSocket[], match: (data: string) => boolean, timeoutMs = 10_000): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const cleanups: Array<() => void> = [];
    const timer = setTimeout(() => {
      cleanups.forEach((c) => c());
      reject(new Error(`only ${times.length} of ${sockets.length} sockets received the frame`));
    }, timeoutMs);
    for (const ws of sockets) {
      const onMessage = (data: WebSocket.RawData) => {
        if (!match(String(data))) return;
        times.push(performance.now());
        ws.off('message', onMessage);
        if (times.length === sockets.length) {
          clearTimeout(timer);
          resolve(times);
        }
      };
      ws.on('message', onMessage);
      cleanups.push(() => ws.off('message', onMessage));
    }
  });
}

/** A bare `ws` server with SOCKETS clients: one round sends one frame to all and times the receipts. */
async function bareBroadcast() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const port = (wss.address() as { port: number }).port;
  const sockets = await openSockets(`ws://127.0.0.1:${port}`, SOCKETS);
  return {
    async round(round: number): Promise<number[]> {
      const frame = JSON.stringify({ type: 'event', topic: 'bench', event: { id: randomUUID(), round } });
      const waiting = receipts(sockets, (data) => data === frame);
      const start = performance.now();
      for (const client of wss.clients) client.send(frame);
      return (await waiting).map((t) => t - start).sort((a, b) => a - b);
    },
    async close() {
      sockets.forEach((ws) => ws.terminate());
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** The product on PGlite with SOCKETS sockets subscribed to one task's messages. */
async function productFanOut() {
  const database = await openDatabase({ dataDir: 'memory://' });
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: `.tmp/bench-realtime/${randomUUID()}` });
  // The moment the committed change reaches the process (NOTIFY delivered), before any listener runs.
  const inner = createChangeBus(database);
  const heard = new Map<string, number>();
  const changeBus: ChangeBus = {
    kind: inner.kind,
    start: () => inner.start(),
    close: () => inner.close(),
    subscribe: (listener) =>
      inner.subscribe({
        onChange(event) {
          if (!heard.has(event.id)) heard.set(event.id, performance.now());
          listener.onChange(event);
        },
        onResync: () => listener.onResync?.(),
        onNotify: (table) => listener.onNotify?.(table),
        onLive: (live) => listener.onLive?.(live),
      }),
  };
  const context = await createServerContext({ env, database, clock: systemClock, publicUrl: ORIGIN, changeBus });
  const app = createApp(context);
  const server = await startTestServer(app);
  try {
    const clientId = randomUUID();
    const expertId = randomUUID();
    const password = 'bench-password';
    const hash = await hashPassword(password);
    for (const [id, kind] of [[clientId, 'client'], [expertId, 'expert']] as const) {
      const email = `${kind}-${id.slice(0, 8)}@example.com`;
      await database.db.insert(authUsers).values({ id, email, name: kind, emailVerified: true, firstName: kind, lastName: 'Bench' });
      await database.db.insert(authAccounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
      await database.db.insert(profiles).values({ id, email, first_name: kind, last_name: 'Bench', onboarding_completed: true, role_selected_at: new Date() });
    }
    await database.db.insert(userRoles).values({ user_id: expertId, role: 'expert' });
    await database.db.insert(expertProfiles).values({
      id: expertId, profile_id: expertId, bio: 'Bench expert', expertise: [], location: 'New York', latitude: 40.7, longitude: -74,
      verification_status: 'verified', stripe_onboarding_completed: true, stripe_account_status: 'active',
    });
    const [task] = await database.db
      .insert(tasks)
      .values({ title: 'Bench task', description: 'Bench', budget: 10_000, location: 'New York', latitude: 40.7, longitude: -74, status: 'in_progress', client_id: clientId, expert_id: expertId })
      .returning();
    const signIn = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `client-${clientId.slice(0, 8)}@example.com`, password }),
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const sockets = await openSockets(`${server.url.replace('http', 'ws')}${REALTIME_PATH}`, SOCKETS, { cookie, origin: ORIGIN });
    const topic = topicName.taskMessages(task.id);
    const subscribed = receipts(sockets, (data) => data.includes('"subscribed"'), 30_000);
    for (const ws of sockets) ws.send(JSON.stringify({ type: 'subscribe', topic }));
    await subscribed;

    // The bus calls listeners in order: this one runs once the hub has queued every frame.
    let dispatchedAt = 0;
    context.realtime.bus.subscribe({ onChange: () => void (dispatchedAt = performance.now()) });
    return {
      async round(round: number): Promise<{ fromCommit: number[]; fromStart: number[] }> {
        const id = randomUUID();
        const waiting = receipts(sockets, (data) => data.includes(id));
        // Timed from the start of the one-statement transaction: the NOTIFY can be delivered before
        // the commit call returns, so this is an upper bound on commit-to-receipt.
        const started = performance.now();
        await database.db.transaction(async (tx) => {
          await tx.insert(messages).values({ id, task_id: task.id, sender_id: expertId, receiver_id: clientId, content: `Bench ${round}` });
        });
        const committed = performance.now();
        const times = await waiting;
        const heardAt = heard.get(id) ?? committed;
        const fromStart = times.map((t) => t - started).sort((a, b) => a - b);
        const fromCommit = times.map((t) => t - heardAt).sort((a, b) => a - b);
        if (process.env.BENCH_DEBUG) {
          console.log(`round ${round}: transaction ${ms(committed - started)}, notify heard ${ms(heardAt - started)}, hub queued all frames ${ms(dispatchedAt - started)}, last receipt ${ms(fromStart.at(-1)!)}`);
        }
        return { fromCommit, fromStart };
      },
      async close() {
        sockets.forEach((ws) => ws.terminate());
        await server.close();
        await context.close();
        await database.close();
      },
    };
  } catch (error) {
    await server.close();
    await context.close();
    await database.close();
    throw error;
  }
}

/**
 * Both set up side by side in one process, then measured in alternating rounds (bare, product) so
 * that the machine's load at the time weighs on both alike. Round 0 of each warms up.
 */
export async function benchRealtime(): Promise<BenchRow[]> {
  const product = await productFanOut();
  const bare = await bareBroadcast();
  const results = {
    product: { p50: [] as number[], p99: [] as number[] },
    upperBound: { p99: [] as number[] },
    bare: { p50: [] as number[], p99: [] as number[] },
  };
  try {
    for (let round = 0; round <= REPEATS; round++) {
      const bareLatencies = await bare.round(round);
      const productLatencies = await product.round(round);
      if (round === 0) continue;
      results.bare.p50.push(percentile(bareLatencies, 50));
      results.bare.p99.push(percentile(bareLatencies, 99));
      results.product.p50.push(percentile(productLatencies.fromCommit, 50));
      results.product.p99.push(percentile(productLatencies.fromCommit, 99));
      results.upperBound.p99.push(percentile(productLatencies.fromStart, 99));
    }
  } finally {
    await bare.close();
    await product.close();
  }
  const ratio = stats(results.product.p99).median / Math.max(0.001, stats(results.bare.p99).median);
  return [
    { name: `fan-out, 1 message -> ${SOCKETS} sockets, commit to receipt p50 (min/median/max)`, value: triple(results.product.p50) },
    { name: `fan-out, 1 message -> ${SOCKETS} sockets, commit to receipt p99 (min/median/max)`, value: triple(results.product.p99) },
    { name: `same, from the start of the insert's transaction (upper bound), p99`, value: triple(results.upperBound.p99) },
    { name: `bare ws broadcast -> ${SOCKETS} sockets, p50 (min/median/max)`, value: triple(results.bare.p50) },
    { name: `bare ws broadcast -> ${SOCKETS} sockets, p99 (min/median/max)`, value: triple(results.bare.p99) },
    { name: 'fan-out p99 / bare broadcast p99 (medians; goal <= 3x, p99 <= 50 ms)', value: `${ratio.toFixed(2)}x` },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchRealtime()
    .then((rows) => {
      for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
