import type { TaskCapability } from '@shared/domain/permissions';
import type { TaskDetailsDto } from '@shared/schemas/task-api';

export interface TaskChatSlotProps {
  task: TaskDetailsDto;
  capabilities: Set<TaskCapability>;
}

/**
 * The chat panel's place on the task page (built by the chat issue).
 *
 * What goes here: the collapsible "Messages" panel, open by default, between the client and the
 * assigned expert. Show it when `capabilities.has('view_chat')`; let the user write only when
 * `capabilities.has('send_message')` (closed tasks are read-only). Others see nothing here; the
 * chat page itself explains 'Messages are only available to the client and the accepted expert.'
 *
 * The panel should invalidate ['tasks'] if a message changes the task, like every other part of
 * this page does after a mutation.
 */
export function TaskChatSlot(_props: TaskChatSlotProps) {
  return null;
}
