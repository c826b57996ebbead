import type { Topic } from '@shared/realtime';
import { errorField, log } from '../ops/logger';
import type { ChangeBus } from './change-bus';
import type { SocketIdentity } from './topic-access';
import { indexKeyOf } from './topic-index';

/** The little the hub needs of a WebSocket. */
export interface HubSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** Bytes queued for sending and not yet written to the network (ws's `bufferedAmount`); absent means 0. */
  readonly bufferedAmount?: number;
}

/** One subscription of one socket; the topic index holds these (decision 0475). */
export interface Subscription {
  connection: Connection;
  name: string;
  topic: Topic;
  /** Its bucket in the topic index. */
  key: string;
}

/** One open socket of the hub. */
export interface Connection {
  socket: HubSocket;
  identity: SocketIdentity;
  sessionId: string;
  /** By topic name. */
  topics: Map<string, Subscription>;
  lastSeen: number;
}

/**
 * The hub's topic index (decision 0475): bucket key (topic-index.ts' indexKeyOf) to the
 * subscriptions filed under it, kept in step with each connection's own map of its topics. A
 * bucket's first subscription tells the bus (a per-topic bus subscribes to its channel), its last
 * one's removal releases it. Kept apart from the hub, which owns connections and frames.
 */
export function createSubscriptionIndex(bus: Pick<ChangeBus, 'topicHeld' | 'topicReleased'>) {
  const index = new Map<string, Set<Subscription>>();
  /** Buckets whose channel the bus is still subscribing to (a per-topic bus): settle when it has. */
  const holding = new Map<string, Promise<void>>();

  function remove(connection: Connection, name: string) {
    const subscription = connection.topics.get(name);
    if (!subscription) return;
    connection.topics.delete(name);
    const bucket = index.get(subscription.key);
    bucket?.delete(subscription);
    if (bucket?.size === 0) {
      index.delete(subscription.key);
      holding.delete(subscription.key);
      bus.topicReleased?.(subscription.key);
    }
  }

  return {
    /**
     * Files a subscription (replacing one of the same name). The returned promise, when there is
     * one, settles once the bus receives the bucket's events.
     */
    add(connection: Connection, name: string, topic: Topic): Promise<void> | undefined {
      remove(connection, name);
      const subscription: Subscription = { connection, name, topic, key: indexKeyOf(topic, connection.identity.userId) };
      connection.topics.set(name, subscription);
      const { key } = subscription;
      let bucket = index.get(key);
      if (!bucket) {
        index.set(key, (bucket = new Set()));
        const held = bus.topicHeld?.(key);
        if (held) {
          // Later subscribers of the bucket wait for the same confirmation; it never rejects.
          const settled: Promise<void> = held
            .catch((error: unknown) => log.error({ err: errorField(error) }, 'realtime bus subscribe failed'))
            .finally(() => {
              if (holding.get(key) === settled) holding.delete(key);
            });
          holding.set(key, settled);
        }
      }
      bucket.add(subscription);
      return holding.get(key);
    },
    remove,
    /** Releases every bucket (the hub closing): the bus stops receiving all of them. */
    clear() {
      for (const key of index.keys()) bus.topicReleased?.(key);
      index.clear();
      holding.clear();
    },
    /** The subscriptions filed under a bucket key, if any. */
    bucket: (key: string): ReadonlySet<Subscription> | undefined => index.get(key),
  };
}
