/**
 * The realtime protocol shared by the server hub and the web client (spec 002 "Real-time
 * subscriptions"). Topics:
 * - `notifications`: the caller's notification inserts and updates;
 * - `tasks`: changes of every task the caller may see; `tasks:{taskId}`: one task;
 * - `task_applications:{taskId}`: the applications of one task;
 * - `messages`: messages the caller sent or received; `messages:{taskId}`: one task's chat;
 * - `expert_verification_records:{expertId}`: one expert's verification records.
 */
/**
 * The close code a server sends when it shuts down (WebSocket "Service Restart"): the client
 * reconnects at once instead of backing off, and the load balancer sends it to another instance.
 */
export const RECONNECT_ELSEWHERE_CLOSE_CODE = 1012;

/**
 * The close code a server sends to a socket that read too slowly (its send buffer passed the hub's
 * limit, decision 0475): events for it were dropped, so the client reconnects at once, like 1012,
 * and refetches what its screens show (as after any reconnect).
 */
export const RESYNC_CLOSE_CODE = 4004;

export const REALTIME_PATH = '/api/realtime';

/** Server ping interval; a socket that answered no ping for two intervals is closed. */
export const REALTIME_HEARTBEAT_MS = 25_000;

export type TopicKind =
  | 'notifications'
  | 'tasks'
  | 'task'
  | 'task_applications'
  | 'messages'
  | 'task_messages'
  | 'expert_verification_records';

export type Topic =
  | { kind: 'notifications' | 'tasks' | 'messages'; id?: undefined }
  | { kind: 'task' | 'task_applications' | 'task_messages' | 'expert_verification_records'; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SCOPED: Record<string, Topic['kind']> = {
  tasks: 'task',
  task_applications: 'task_applications',
  messages: 'task_messages',
  expert_verification_records: 'expert_verification_records',
};

/** The topic a string names, or null when it names none (unknown prefix, id that is not a UUID). */
export function parseTopic(text: unknown): Topic | null {
  if (typeof text !== 'string' || text.length > 120) return null;
  if (text === 'notifications' || text === 'tasks' || text === 'messages') return { kind: text };
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const kind = SCOPED[text.slice(0, colon)];
  const id = text.slice(colon + 1);
  if (!kind || !UUID.test(id)) return null;
  return { kind, id: id.toLowerCase() } as Topic;
}

export const topicName = {
  notifications: () => 'notifications',
  tasks: () => 'tasks',
  task: (taskId: string) => `tasks:${taskId}`,
  taskApplications: (taskId: string) => `task_applications:${taskId}`,
  messages: () => 'messages',
  taskMessages: (taskId: string) => `messages:${taskId}`,
  verification: (expertId: string) => `expert_verification_records:${expertId}`,
};

/** What an event says: the changed row's ids, never its content (the client refetches through REST). */
export interface RealtimeEvent {
  table: 'tasks' | 'task_applications' | 'messages' | 'notifications' | 'expert_verification_records';
  op: 'insert' | 'update' | 'delete';
  id: string;
  task_id?: string | null;
  status?: string | null;
}

export type ClientFrame =
  | { type: 'subscribe'; topic: string }
  | { type: 'unsubscribe'; topic: string }
  | { type: 'pong' };

export type ServerFrame =
  | { type: 'subscribed'; topic: string }
  | { type: 'unsubscribed'; topic: string }
  | { type: 'event'; topic: string; event: RealtimeEvent }
  /** Subscribe refused, or a subscription ended because the caller lost access. Never carries data. */
  | { type: 'error'; topic?: string; message: string }
  /** Events may have been missed (the server's database listener reconnected): refetch everything. */
  | { type: 'resync' }
  /** The public settings changed (maintenance mode, footer texts): refetch them (issue 25, decision 0271). */
  | { type: 'settings' }
  | { type: 'ping' };
