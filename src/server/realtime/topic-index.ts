import type { Topic } from '@shared/realtime';
import type { ChangeEvent } from './change-bus';

// The realtime topic index's keys (decisions 0475, 0476): the hub files each subscription under one,
// and a per-topic bus (Redis) names its channels after them.

/**
 * The topic index's bucket of a subscription. Every topic whose events are tied to one row key is
 * filed under its kind and that key: the task-scoped topics under their task id, `notifications` and
 * `messages` under the subscriber, an expert's verification records under the expert. Only `tasks`
 * (the caller's task list, filtered per socket) must see every change of its table: it is filed
 * under the table.
 */
export function indexKeyOf(topic: Topic, userId: string): string {
  switch (topic.kind) {
    case 'task':
    case 'task_applications':
    case 'task_messages':
      return `${topic.kind}:${topic.id}`;
    case 'tasks':
      return 'table:tasks';
    case 'notifications':
      return `notifications:${userId}`;
    case 'messages':
      return `messages:${userId}`;
    case 'expert_verification_records':
      return `verification:${topic.id}`;
  }
}

/**
 * The buckets an event can concern: every subscription for which `accessMayChange` or `topicMatches`
 * (topic-access.ts) could hold is in one of them, so the others need no look. A change of a task or
 * of its applications re-checks access on all three task-scoped topics of that task; a chat message
 * concerns only that task's chat topic. No duplicates.
 */
export function indexKeysOfEvent(event: ChangeEvent): string[] {
  switch (event.table) {
    case 'tasks':
      return [`task:${event.id}`, `task_applications:${event.id}`, `task_messages:${event.id}`, 'table:tasks'];
    case 'task_applications': {
      const id = event.task_id;
      return typeof id === 'string' ? [`task:${id}`, `task_applications:${id}`, `task_messages:${id}`] : [];
    }
    case 'messages': {
      const keys: string[] = [];
      if (typeof event.task_id === 'string') keys.push(`task_messages:${event.task_id}`);
      if (typeof event.sender_id === 'string') keys.push(`messages:${event.sender_id}`);
      if (typeof event.receiver_id === 'string' && event.receiver_id !== event.sender_id) keys.push(`messages:${event.receiver_id}`);
      return keys;
    }
    case 'notifications':
      return typeof event.user_id === 'string' ? [`notifications:${event.user_id}`] : [];
    case 'expert_verification_records':
      return typeof event.expert_id === 'string' ? [`verification:${event.expert_id}`] : [];
  }
}
