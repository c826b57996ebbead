import { inArray } from 'drizzle-orm';
import {
  parseTopic,
  RECONNECT_ELSEWHERE_CLOSE_CODE,
  REALTIME_HEARTBEAT_MS,
  RESYNC_CLOSE_CODE,
  type RealtimeEvent,
  type ServerFrame,
} from '@shared/realtime';
import type { Db } from '../db/client';
import { authSessions, userRoles } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { ChangeBus, ChangeEvent } from './change-bus';
import {
  accessMayChange,
  authorizeTopic,
  type TaskReadRule,
  loadIdentity,
  type SocketIdentity,
  topicMatches,
} from './topic-access';
import { errorField, log } from '../ops/logger';
import { indexKeysOfEvent } from './topic-index';
import { createSubscriptionIndex, type Connection, type HubSocket, type Subscription } from './subscription-index';

export type { HubSocket } from './subscription-index';

/** Close codes of our own (4000-4999 are for applications). */
export const CLOSE_CODES = {
  sessionExpired: 4001,
  heartbeatTimeout: 4002,
  badFrame: 4003,
  /** The socket read too slowly (its send buffer passed MAX_BUFFERED_BYTES): reconnect and refetch. */
  resync: RESYNC_CLOSE_CODE,
} as const;

/** Bounds one socket's subscriptions (a tab needs a handful). */
const MAX_TOPICS_PER_SOCKET = 50;
const MAX_FRAME_CHARS = 1_000;
/**
 * A socket with more than this queued and unsent is closed with CLOSE_CODES.resync instead of being
 * sent more: a reader that cannot keep up must not grow the server's memory (issue 55, decision 0475).
 * Thousands of event frames (each under 300 bytes) fit below it, so a burst does not trip it.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface RealtimeHub {
  /** A socket that passed the session and Origin checks. Returns the handlers for its frames and close. */
  connect(socket: HubSocket, user: { id: string; sessionId: string }): Promise<{
    onMessage(data: string): void;
    onClose(): void;
  }>;
  readonly connectionCount: number;
  /** Shutdown: every socket, open or still connecting, is told to reconnect elsewhere (1012). */
  close(): void;
}

const toClientEvent = (event: ChangeEvent): RealtimeEvent => ({
  table: event.table,
  op: event.op,
  id: event.id,
  ...(event.task_id !== undefined ? { task_id: event.task_id } : {}),
  ...(event.status !== undefined ? { status: event.status } : {}),
});

/**
 * Fans committed changes out to subscribed sockets. Every subscription is authorized with the REST
 * read rules when made, and task-scoped ones again whenever their task or its applications change:
 * a caller who lost access gets an error frame and no more events for that topic.
 */
export function createRealtimeHub(deps: {
  db: Db;
  clock: Clock;
  bus: ChangeBus;
  /** The task read rule (modules/tasks' loadVisibleTask): realtime never imports a module. */
  readTask: TaskReadRule;
  heartbeatMs?: number;
  /**
   * The two per-subscription checks of an event (topic-access.ts); a test passes counting wrappers to
   * measure what an event costs (a module mock would leak across the suite's shared module cache).
   */
  checks?: { topicMatches: typeof topicMatches; accessMayChange: typeof accessMayChange };
}): RealtimeHub {
  const { db, clock, bus, readTask } = deps;
  const checks = deps.checks ?? { topicMatches, accessMayChange };
  const heartbeatMs = deps.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
  const connections = new Set<Connection>();
  const subscriptions = createSubscriptionIndex(bus);
  /** The open connections of each user (the expert's "applied to" set is kept current through it). */
  const connectionsOfUser = new Map<string, Set<Connection>>();

  /** Forgets a connection and all its subscriptions (closed, timed out, session ended, too slow). */
  function removeConnection(connection: Connection) {
    if (!connections.delete(connection)) return;
    for (const name of [...connection.topics.keys()]) subscriptions.remove(connection, name);
    const mine = connectionsOfUser.get(connection.identity.userId);
    mine?.delete(connection);
    if (mine?.size === 0) connectionsOfUser.delete(connection.identity.userId);
  }

  /**
   * Sends one frame, unless the socket's send buffer has passed MAX_BUFFERED_BYTES: then it is
   * closed with the resync code and forgotten, so nothing more is queued for it. False when not sent.
   */
  function sendRaw(connection: Connection, data: string): boolean {
    if ((connection.socket.bufferedAmount ?? 0) > MAX_BUFFERED_BYTES) {
      removeConnection(connection);
      log.warn({ bufferedAmount: connection.socket.bufferedAmount }, 'realtime socket too slow: closed for resync');
      try {
        connection.socket.close(CLOSE_CODES.resync, 'Too slow: reconnect and resync');
      } catch {
        // already closing
      }
      return false;
    }
    try {
      connection.socket.send(data);
      return true;
    } catch {
      // A socket closing under us: its close handler removes it.
      return false;
    }
  }

  const send = (connection: Connection, frame: ServerFrame) => void sendRaw(connection, JSON.stringify(frame));

  async function subscribe(connection: Connection, name: string) {
    const topic = parseTopic(name);
    if (!topic) return send(connection, { type: 'error', topic: name, message: 'Unknown topic' });
    if (connection.topics.size >= MAX_TOPICS_PER_SOCKET && !connection.topics.has(name)) {
      return send(connection, { type: 'error', topic: name, message: 'Too many subscriptions' });
    }
    const decision = await authorizeTopic(db, connection.identity, topic, clock.now(), readTask);
    if (!connections.has(connection)) return;
    if (!decision.ok) {
      subscriptions.remove(connection, name);
      return send(connection, { type: 'error', topic: name, message: decision.message });
    }
    const ready = subscriptions.add(connection, name, topic);
    // With a per-topic bus, "subscribed" means events of the topic reach this instance from now on.
    if (ready) await ready;
    if (connection.topics.get(name)?.topic !== topic) return;
    send(connection, { type: 'subscribed', topic: name });
  }

  function onFrame(connection: Connection, data: string) {
    connection.lastSeen = Date.now();
    if (data.length > MAX_FRAME_CHARS) return connection.socket.close(CLOSE_CODES.badFrame, 'Frame too large');
    let frame: { type?: unknown; topic?: unknown };
    try {
      frame = JSON.parse(data) as typeof frame;
    } catch {
      return send(connection, { type: 'error', message: 'Invalid frame' });
    }
    if (frame?.type === 'pong') return;
    if (frame?.type === 'subscribe' && typeof frame.topic === 'string') {
      subscribe(connection, frame.topic).catch((error) => {
        log.error({ err: errorField(error) }, 'realtime subscribe failed');
        send(connection, { type: 'error', topic: String(frame.topic), message: 'Subscription failed' });
      });
      return;
    }
    if (frame?.type === 'unsubscribe' && typeof frame.topic === 'string') {
      subscriptions.remove(connection, frame.topic);
      return send(connection, { type: 'unsubscribed', topic: frame.topic });
    }
    send(connection, { type: 'error', message: 'Invalid frame' });
  }

  async function recheck(subscription: Subscription, event: ChangeEvent) {
    const { connection, name, topic } = subscription;
    const decision = await authorizeTopic(db, connection.identity, topic, clock.now(), readTask);
    if (connection.topics.get(name) !== subscription) return;
    if (!decision.ok) {
      subscriptions.remove(connection, name);
      send(connection, { type: 'error', topic: name, message: decision.message });
      return;
    }
    send(connection, { type: 'event', topic: name, event: toClientEvent(event) });
  }

  /**
   * One committed change: only the index's buckets for its keys are looked at, so an event costs the
   * subscriptions that can match it, not every connection (issue 55, decision 0475).
   */
  function dispatch(event: ChangeEvent, keys?: readonly string[]) {
    // Keep the expert's "applied to" set current so the tasks topic keeps showing those tasks.
    if (event.table === 'task_applications' && event.op === 'insert' && event.task_id && event.expert_id) {
      for (const connection of connectionsOfUser.get(event.expert_id) ?? []) connection.identity.appliedTaskIds.add(event.task_id);
    }
    const clientEvent = toClientEvent(event);
    let serialized: string | undefined;
    // A per-topic bus delivers the event once per held bucket, naming it; the others once for all.
    for (const key of keys ?? indexKeysOfEvent(event)) {
      const bucket = subscriptions.bucket(key);
      if (!bucket) continue;
      // A socket closed for being too slow leaves the bucket during the loop: a Set skips what is
      // deleted before it is reached, and nothing is added to a bucket synchronously here.
      for (const subscription of bucket) {
        const { connection, name, topic } = subscription;
        if (checks.accessMayChange(topic, event)) {
          recheck(subscription, event).catch((error: unknown) => log.error({ err: errorField(error) }, 'realtime re-check failed'));
          continue;
        }
        if (!checks.topicMatches(topic, connection.identity, event)) continue;
        // Most frames differ only by topic; build the common part once.
        serialized ??= JSON.stringify(clientEvent);
        sendRaw(connection, `{"type":"event","topic":${JSON.stringify(name)},"event":${serialized}}`);
      }
    }
  }

  const unsubscribeBus = bus.subscribe({
    onChange: dispatch,
    // A role granted or removed on any instance: re-read the roles of this instance's sockets now.
    onNotify: (table) => {
      if (table === 'user_roles') refreshRolesSoon();
      // A session deleted anywhere (sign-out elsewhere, suspension, deletion): close its sockets now.
      // Maintenance mode switched (or any public setting saved) on any instance: every open page refetches.
      if (table === 'system_settings') for (const connection of connections) send(connection, { type: 'settings' });
      if (table === 'auth_sessions') closeEndedSessions().catch((error: unknown) => log.error({ err: errorField(error) }, 'realtime session check failed'));
    },
    onResync: () => {
      for (const connection of connections) send(connection, { type: 'resync' });
    },
  });

  /**
   * Sockets whose session ended (signed out, revoked, expired) are closed at the next heartbeat.
   * One query per heartbeat for all sockets of this instance; sessions slide, so the stored
   * expiry is read each time rather than remembered from the upgrade.
   */
  async function closeEndedSessions() {
    const ids = [...new Set([...connections].map((connection) => connection.sessionId))];
    if (ids.length === 0) return;
    const alive = new Map<string, Date>();
    for (let start = 0; start < ids.length; start += 1_000) {
      const rows = await db
        .select({ id: authSessions.id, expiresAt: authSessions.expiresAt })
        .from(authSessions)
        .where(inArray(authSessions.id, ids.slice(start, start + 1_000)));
      for (const row of rows) alive.set(row.id, row.expiresAt);
    }
    const now = clock.now();
    for (const connection of connections) {
      const expiresAt = alive.get(connection.sessionId);
      if (!expiresAt || expiresAt <= now) {
        connection.socket.close(CLOSE_CODES.sessionExpired, 'Session expired');
        removeConnection(connection);
      }
    }
  }

  /**
   * Roles are read again when user_roles changes (its statement trigger's NOTIFY, from any instance)
   * and at every heartbeat as a backstop (one query for all sockets of this instance), so a role
   * change reaches the `tasks` topic's filter at once; task-scoped topics re-read access on every
   * change of their task anyway.
   */
  async function refreshRoles() {
    const userIds = [...new Set([...connections].map((connection) => connection.identity.userId))];
    if (userIds.length === 0) return;
    const roles = new Map<string, Set<string>>();
    for (let start = 0; start < userIds.length; start += 1_000) {
      const rows = await db
        .select({ user_id: userRoles.user_id, role: userRoles.role })
        .from(userRoles)
        .where(inArray(userRoles.user_id, userIds.slice(start, start + 1_000)));
      for (const row of rows) roles.set(row.user_id, (roles.get(row.user_id) ?? new Set()).add(row.role));
    }
    for (const connection of connections) {
      const held = roles.get(connection.identity.userId);
      connection.identity.actor = {
        ...connection.identity.actor,
        isAdmin: held?.has('admin') ?? false,
        isExpert: held?.has('expert') ?? false,
      };
    }
  }

  // At most one role read in flight; changes during it ask for one more read after it.
  let roleRead: Promise<void> | null = null;
  let roleReadAgain = false;
  function refreshRolesSoon() {
    if (roleRead) {
      roleReadAgain = true;
      return;
    }
    roleRead = refreshRoles()
      .catch((error: unknown) => log.error({ err: errorField(error) }, 'realtime role refresh failed'))
      .finally(() => {
        roleRead = null;
        if (roleReadAgain) {
          roleReadAgain = false;
          refreshRolesSoon();
        }
      });
  }

  const heartbeat = setInterval(() => {
    const now = Date.now();
    closeEndedSessions().catch((error: unknown) => log.error({ err: errorField(error) }, 'realtime session check failed'));
    refreshRolesSoon();
    for (const connection of connections) {
      if (now - connection.lastSeen > 2 * heartbeatMs) {
        connection.socket.close(CLOSE_CODES.heartbeatTimeout, 'Heartbeat timeout');
        removeConnection(connection);
      } else {
        send(connection, { type: 'ping' });
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  // Shutdown (close()) ends the hub for good. A socket whose identity read is still on its way when
  // it comes is told to reconnect elsewhere too: added after close(), it was never closed and its
  // client saw the process end (1006) instead of 1012, and waited out its back-off.
  let closed = false;
  const connecting = new Set<HubSocket>();
  const closeForRestart = (socket: HubSocket) => socket.close(RECONNECT_ELSEWHERE_CLOSE_CODE, 'Server restarting');
  const ignored = { onMessage: () => undefined, onClose: () => undefined };

  return {
    async connect(socket, user) {
      if (closed) {
        closeForRestart(socket);
        return ignored;
      }
      connecting.add(socket);
      let identity: SocketIdentity;
      try {
        identity = await loadIdentity(db, user.id);
      } catch (error) {
        // The database closed under a shutdown: not a failure to report.
        if (closed) return ignored;
        throw error;
      } finally {
        connecting.delete(socket);
      }
      // Closed while the identity was read: close() has told this socket already.
      if (closed) return ignored;
      const connection: Connection = {
        socket,
        identity,
        sessionId: user.sessionId,
        topics: new Map(),
        lastSeen: Date.now(),
      };
      connections.add(connection);
      let mine = connectionsOfUser.get(identity.userId);
      if (!mine) connectionsOfUser.set(identity.userId, (mine = new Set()));
      mine.add(connection);
      return {
        onMessage: (data) => onFrame(connection, data),
        onClose: () => removeConnection(connection),
      };
    },
    get connectionCount() {
      return connections.size;
    },
    close() {
      closed = true;
      clearInterval(heartbeat);
      unsubscribeBus();
      for (const connection of connections) closeForRestart(connection.socket);
      for (const socket of connecting) closeForRestart(socket);
      connecting.clear();
      connections.clear();
      subscriptions.clear();
      connectionsOfUser.clear();
    },
  };
}
