import { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/client';
import { errorField, log } from '../ops/logger';
import {
  CHANGE_CHANNEL,
  createChangeBus,
  listenerSet,
  parseChangeEvent,
  readCacheUnitOfPayload,
  type ChangeBus,
  type ChangeEvent,
} from './change-bus';
import { indexKeysOfEvent } from './topic-index';

/**
 * The Redis/Valkey engine of the change bus (REDIS_URL; issue 55, docs/decisions/0476).
 *
 * Changes still start as the database triggers' NOTIFYs. One instance at a time, the relay (the
 * holder of a PostgreSQL advisory lock, taken on its LISTEN connection), hears them all and publishes:
 * - each row event to the channel of every topic-index bucket it concerns (`rt:<key>`, the keys of
 *   topic-index.ts' indexKeysOfEvent: `rt:task:<id>`, `rt:messages:<user id>`, `rt:table:tasks`, ...);
 * - the names of the tables that changed, gathered per turn of the event loop, to one channel every
 *   instance hears (`rt:tables`): the read caches, the jobs wake-up, sessions, settings and roles.
 * Every instance SUBSCRIBEs to `rt:tables` and to the channels of the buckets its sockets hold, so
 * an event costs only the instances that have a subscriber for it.
 */
const PREFIX = 'rt:';
export const TABLES_CHANNEL = `${PREFIX}tables`;
/** Said on TABLES_CHANNEL when events may have been lost (a new relay took over): everyone resyncs. */
export const RESYNC_MESSAGE = '"resync"';
export const channelOfKey = (key: string) => `${PREFIX}${key}`;
/**
 * An entry of a TABLES_CHANNEL message: a table, or `<table>#<row key>` when the change concerns one
 * row key of it (change-bus.ts' readCacheUnitOf: a task updated, a task's applications). An instance
 * of an older release takes the whole entry for a table name it does not know, which still moves
 * its global write epoch: its caches stay correct during a rolling deploy.
 */
const KEY_SEPARATOR = '#';
export const tablesEntryOf = (table: string, key?: string) => (key === undefined ? table : `${table}${KEY_SEPARATOR}${key}`);
export function unitOfTablesEntry(entry: string): [table: string, key?: string] {
  const at = entry.indexOf(KEY_SEPARATOR);
  return at < 0 ? [entry] : [entry.slice(0, at), entry.slice(at + 1)];
}
/** The advisory lock whose holder relays NOTIFYs to Redis (an arbitrary constant of this product). */
export const RELAY_LOCK_KEY = 5_505_476;

/**
 * The channels a row event is published to. A new application also goes to `rt:table:tasks`: the
 * instances whose sockets follow the task list keep their experts' "applied to" sets from it.
 */
export function channelsOfEvent(event: ChangeEvent): string[] {
  const keys = indexKeysOfEvent(event);
  if (event.table === 'task_applications' && event.op === 'insert' && !keys.includes('table:tasks')) keys.push('table:tasks');
  return keys.map(channelOfKey);
}

export interface RedisChangeBus extends ChangeBus {
  readonly kind: 'redis';
  /** Messages received on this instance's Redis connection: all of them, and those of topic channels. */
  readonly received: { total: number; topics: number };
  /** Whether this instance is the relay now. */
  readonly relaying: boolean;
}

export function createRedisChangeBus(options: {
  redisUrl: string;
  databaseUrl: string;
  /** How often an instance that is not the relay tries to become it (default 2 s). */
  relayRetryMs?: number;
  /**
   * Put before every channel name (tests that share one Redis server). Pub/sub channels are
   * server-wide, not per Redis database number.
   */
  channelPrefix?: string;
}): RedisChangeBus {
  const ns = options.channelPrefix ?? '';
  const tablesChannel = ns + TABLES_CHANNEL;
  const topicChannel = (key: string) => ns + channelOfKey(key);
  const set = listenerSet();
  const relayRetryMs = options.relayRetryMs ?? 2_000;
  const received = { total: 0, topics: 0 };
  /** Bucket keys held by the hub: their channels are subscribed. */
  const held = new Set<string>();
  let closed = false;
  let wasReady = false;
  let sub: Redis | undefined;
  let pub: Redis | undefined;
  let relay: import('pg').Client | undefined;
  let relaying = false;
  let relayTimer: NodeJS.Timeout | undefined;
  const pendingTables = new Set<string>();
  let flushScheduled = false;

  const redisOptions = { lazyConnect: true, maxRetriesPerRequest: null, enableOfflineQueue: true } as const;

  function onMessage(channel: string, message: string) {
    received.total += 1;
    if (channel === tablesChannel) {
      if (message === RESYNC_MESSAGE) return set.resync();
      try {
        const tables = JSON.parse(message) as unknown;
        if (Array.isArray(tables)) for (const table of tables) if (typeof table === 'string') set.notifyTable(...unitOfTablesEntry(table));
      } catch {
        // not ours
      }
      return;
    }
    if (!channel.startsWith(ns + PREFIX)) return;
    received.topics += 1;
    const event = parseChangeEvent(message);
    if (event) set.emit(event, [channel.slice(ns.length + PREFIX.length)]);
  }

  function flushTables() {
    flushScheduled = false;
    if (!pub || pendingTables.size === 0) return;
    const tables = [...pendingTables];
    pendingTables.clear();
    pub.publish(tablesChannel, JSON.stringify(tables)).catch((error: unknown) => log.error({ err: errorField(error) }, 'realtime publish failed'));
  }

  /** The relay: one NOTIFY of the database, published to Redis. */
  function relayPayload(payload: string) {
    if (!pub) return;
    const event = parseChangeEvent(payload);
    if (event) {
      const pipeline = pub.pipeline();
      for (const channel of channelsOfEvent(event)) pipeline.publish(ns + channel, payload);
      pipeline.exec().catch((error: unknown) => log.error({ err: errorField(error) }, 'realtime publish failed'));
    }
    const { table, key } = readCacheUnitOfPayload(payload);
    if (table) pendingTables.add(tablesEntryOf(table, key));
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushTables);
    }
  }

  function scheduleRelayAttempt() {
    if (closed || relayTimer) return;
    relayTimer = setTimeout(() => {
      relayTimer = undefined;
      tryRelay().catch((error: unknown) => {
        log.error({ err: errorField(error) }, 'realtime relay attempt failed');
        scheduleRelayAttempt();
      });
    }, relayRetryMs);
    relayTimer.unref();
  }

  function dropRelay(client: import('pg').Client) {
    if (relay !== client) return;
    relay = undefined;
    relaying = false;
    client.end().catch(() => undefined);
    scheduleRelayAttempt();
  }

  /** Takes the relay's lock if free (on its own connection, which holds it while it lives). */
  async function tryRelay() {
    if (closed || relaying) return;
    if (!relay) {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: options.databaseUrl });
      client.on('error', (error) => {
        log.error({ err: errorField(error) }, 'realtime relay connection error');
        dropRelay(client);
      });
      client.on('end', () => dropRelay(client));
      client.on('notification', (message) => {
        if (relaying && message.channel === CHANGE_CHANNEL && message.payload) relayPayload(message.payload);
      });
      await client.connect();
      relay = client;
    }
    const client = relay;
    const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [RELAY_LOCK_KEY]);
    if (closed || relay !== client) return;
    if (!result.rows[0]?.locked) return scheduleRelayAttempt();
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    relaying = true;
    // The previous relay may have died with NOTIFYs unpublished: everyone resyncs.
    await pub?.publish(tablesChannel, RESYNC_MESSAGE);
  }

  return {
    kind: 'redis',
    subscribe: set.subscribe,
    received,
    get relaying() {
      return relaying;
    },
    async topicHeld(key) {
      held.add(key);
      await sub?.subscribe(topicChannel(key));
    },
    topicReleased(key) {
      held.delete(key);
      sub?.unsubscribe(topicChannel(key)).catch((error: unknown) => log.error({ err: errorField(error) }, 'realtime unsubscribe failed'));
    },
    async start() {
      if (sub) return;
      closed = false;
      // Named, so that CLIENT LIST tells them apart (an operator's look, a test's CLIENT KILL).
      sub = new Redis(options.redisUrl, { ...redisOptions, connectionName: `${ns}rt-sub` });
      pub = new Redis(options.redisUrl, { ...redisOptions, connectionName: `${ns}rt-pub` });
      for (const client of [sub, pub]) client.on('error', (error) => log.error({ err: errorField(error) }, 'realtime Redis connection error'));
      sub.on('message', onMessage);
      // ioredis reconnects on its own and subscribes again to every channel it had.
      sub.on('close', () => set.live(false));
      sub.on('ready', () => {
        if (!wasReady) return;
        set.live(true);
        set.resync();
      });
      await Promise.all([sub.connect(), pub.connect()]);
      await sub.subscribe(tablesChannel, ...[...held].map(topicChannel));
      wasReady = true;
      set.live(true);
      await tryRelay().catch((error: unknown) => {
        log.error({ err: errorField(error) }, 'realtime relay attempt failed');
        scheduleRelayAttempt();
      });
    },
    async close() {
      closed = true;
      set.live(false);
      if (relayTimer) clearTimeout(relayTimer);
      relayTimer = undefined;
      const client = relay;
      relay = undefined;
      relaying = false;
      await client?.end().catch(() => undefined);
      sub?.disconnect();
      pub?.disconnect();
      sub = pub = undefined;
      wasReady = false;
    },
  };
}

/**
 * The bus of this process: Redis when REDIS_URL is set and the database is PostgreSQL (PGlite is
 * one process: its in-process bus needs nothing more), else the database's own (change-bus.ts).
 */
export function createChangeBusFor(
  handle: DatabaseHandle,
  redisUrl: string | undefined,
  options: { channelPrefix?: string } = {},
): ChangeBus {
  if (redisUrl && handle.kind === 'postgres' && handle.connectionString) {
    return createRedisChangeBus({ redisUrl, databaseUrl: handle.connectionString, channelPrefix: options.channelPrefix });
  }
  if (redisUrl) log.warn({}, 'REDIS_URL is ignored with the embedded database (one process needs no bus)');
  return createChangeBus(handle);
}
