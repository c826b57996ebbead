import type { DatabaseHandle } from '../db/client';
import { errorField, log } from '../ops/logger';

/** The NOTIFY channel the database triggers (migration realtime_custom) write to. */
export const CHANGE_CHANNEL = 'app_changes';

export const CHANGE_TABLES = [
  'tasks',
  'task_applications',
  'messages',
  'notifications',
  'expert_verification_records',
] as const;
export type ChangeTable = (typeof CHANGE_TABLES)[number];

/** One committed row change, ids only (what the trigger puts in the NOTIFY payload). */
export interface ChangeEvent {
  table: ChangeTable;
  op: 'insert' | 'update' | 'delete';
  id: string;
  task_id?: string | null;
  client_id?: string | null;
  expert_id?: string | null;
  /** tasks: the expert the task had before this update, when it changed. */
  previous_expert_id?: string | null;
  status?: string | null;
  sender_id?: string | null;
  receiver_id?: string | null;
  user_id?: string | null;
}

export interface ChangeBusListener {
  /**
   * One committed row change. `keys`: the topic-index buckets (topic-index.ts' indexKeysOfEvent) this
   * delivery is for, when the bus delivers per topic (Redis: one message per channel, so an event
   * filed under two held buckets arrives twice, once for each); absent: every bucket of the event.
   */
  onChange(event: ChangeEvent, keys?: readonly string[]): void;
  /** The bus lost its connection and is listening again: events in between may be lost. */
  onResync?(): void;
  /**
   * Any NOTIFY on the channel, including those of tables without realtime events (the statement
   * triggers that only say "this table changed", for the read caches: docs/decisions/0107). `key`:
   * the change concerns that row key of the table only, for the read caches (readCacheUnitOf).
   */
  onNotify?(table: string | null, key?: string): void;
  /** PostgreSQL: whether the LISTEN connection is up (changes made meanwhile by others go unheard). */
  onLive?(live: boolean): void;
}

/**
 * Committed changes of the realtime tables, from every instance sharing the database: PostgreSQL
 * LISTEN/NOTIFY on a dedicated connection, PGlite's in-process LISTEN, or Redis/Valkey per-topic
 * channels fed by one relaying instance (redis-change-bus.ts, decision 0476).
 */
export interface ChangeBus {
  readonly kind: 'postgres' | 'pglite' | 'redis';
  subscribe(listener: ChangeBusListener): () => void;
  /**
   * The hub holds a topic-index bucket (its first subscription) / no longer holds it (its last one
   * went). A bus that delivers per topic (Redis) subscribes to that bucket's channel only while it is
   * held; the promise settles once events for it are being received. The others deliver everything.
   */
  topicHeld?(key: string): Promise<void>;
  topicReleased?(key: string): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function parseChangeEvent(payload: string): ChangeEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<ChangeEvent>;
    if (!value || typeof value !== 'object') return null;
    if (!CHANGE_TABLES.includes(value.table as ChangeTable) || typeof value.id !== 'string') return null;
    if (value.op !== 'insert' && value.op !== 'update' && value.op !== 'delete') return null;
    return value as ChangeEvent;
  } catch {
    return null;
  }
}

/**
 * What a row event changes, for the read caches: the row key they depend on when the event names
 * one, else the whole table (decision 0107's addendum). A task updated: that task (its client, and
 * so the client's task count, does not change). A task inserted or deleted: the table (the client's
 * task count of every task of theirs). An application: its task's. Anything else: the table.
 */
export function readCacheUnitOf(event: ChangeEvent): { table: string; key?: string } {
  if (event.table === 'tasks' && event.op === 'update') return { table: 'tasks', key: event.id };
  if (event.table === 'task_applications' && event.task_id) return { table: 'task_applications', key: event.task_id };
  return { table: event.table };
}

/** The read caches' unit of a NOTIFY payload: its row event's (readCacheUnitOf), or its bare table (null: unknown). */
export function readCacheUnitOfPayload(payload: string): { table: string | null; key?: string } {
  const event = parseChangeEvent(payload);
  if (event) return readCacheUnitOf(event);
  const table = tableOfPayload(payload);
  // A bare notice may name one row of its table (migration 0055: the account whose row changed).
  const key = table === null ? undefined : keyOfPayload(payload);
  return key === undefined ? { table } : { table, key };
}

function keyOfPayload(payload: string): string | undefined {
  const value = JSON.parse(payload) as { key?: unknown };
  return typeof value.key === 'string' ? value.key : undefined;
}

/** The table a NOTIFY names (row events and the bare "this table changed" ones alike), or null. */
export function tableOfPayload(payload: string): string | null {
  try {
    const value = JSON.parse(payload) as { table?: unknown } | null;
    return value && typeof value.table === 'string' ? value.table : null;
  } catch {
    return null;
  }
}

/** The listeners of one bus; exported for the Redis engine (redis-change-bus.ts). */
export function listenerSet() {
  const listeners = new Set<ChangeBusListener>();
  return {
    subscribe(listener: ChangeBusListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(payload: string) {
      const { table, key } = readCacheUnitOfPayload(payload);
      for (const listener of listeners) listener.onNotify?.(table, key);
    },
    notifyTable(table: string, key?: string) {
      for (const listener of listeners) listener.onNotify?.(table, key);
    },
    live(up: boolean) {
      for (const listener of listeners) listener.onLive?.(up);
    },
    emit(event: ChangeEvent, keys?: readonly string[]) {
      for (const listener of listeners) {
        try {
          listener.onChange(event, keys);
        } catch (error) {
          log.error({ err: errorField(error) }, 'realtime listener failed');
        }
      }
    },
    resync() {
      for (const listener of listeners) listener.onResync?.();
    },
  };
}

/** PGlite: one process owns the database, so its own LISTEN sees every change. */
export function createPgliteChangeBus(handle: Pick<DatabaseHandle, 'listen'>): ChangeBus {
  const set = listenerSet();
  let unlisten: (() => Promise<void>) | undefined;
  return {
    kind: 'pglite',
    subscribe: set.subscribe,
    async start() {
      unlisten ??= await handle.listen(CHANGE_CHANNEL, (payload) => {
        set.notify(payload);
        const event = parseChangeEvent(payload);
        if (event) set.emit(event);
      });
      set.live(true);
    },
    async close() {
      const stop = unlisten;
      unlisten = undefined;
      set.live(false);
      await stop?.().catch(() => undefined);
    },
  };
}

/**
 * PostgreSQL: a dedicated connection (outside the pool) that LISTENs; on any error it reconnects
 * with backoff and tells listeners to resync, since NOTIFYs sent while it was away are gone.
 */
export function createPostgresChangeBus(connectionString: string, options: { maxBackoffMs?: number } = {}): ChangeBus {
  const set = listenerSet();
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  let client: import('pg').Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const pg = await import('pg');
    const next = new pg.default.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
      set.notify(message.payload);
      const event = parseChangeEvent(message.payload);
      if (event) set.emit(event);
    });
    next.on('error', (error) => {
      log.error({ err: errorField(error) }, 'realtime LISTEN connection error');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    client = next;
    set.live(true);
    if (attempt > 0) set.resync();
    attempt = 0;
  }

  function scheduleReconnect(failed: import('pg').Client) {
    if (closed || client !== failed || timer) return;
    client = undefined;
    set.live(false);
    failed.end().catch(() => undefined);
    const delay = Math.min(maxBackoffMs, 250 * 2 ** attempt);
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: Error) => {
        log.error({ err: errorField(error) }, 'realtime LISTEN reconnect failed');
        attempt += 1;
        timer = setTimeout(() => {
          timer = undefined;
          if (!closed && !client) void reconnectLoop();
        }, Math.min(maxBackoffMs, 250 * 2 ** attempt));
      });
    }, delay);
  }

  async function reconnectLoop() {
    try {
      await connect();
    } catch {
      attempt += 1;
      timer = setTimeout(() => {
        timer = undefined;
        if (!closed && !client) void reconnectLoop();
      }, Math.min(maxBackoffMs, 250 * 2 ** attempt));
    }
  }

  return {
    kind: 'postgres',
    subscribe: set.subscribe,
    async start() {
      if (!client) await connect();
    },
    async close() {
      closed = true;
      set.live(false);
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

export function createChangeBus(handle: DatabaseHandle): ChangeBus {
  if (handle.kind === 'postgres' && handle.connectionString) return createPostgresChangeBus(handle.connectionString);
  return createPgliteChangeBus(handle);
}
