import { useState } from 'react';
import { ChevronDown, ChevronUp, MessageSquare } from 'lucide-react';
import type { TaskCapability } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { Button } from '@web/components/ui/button';
import { TaskChat } from '@web/components/chat/task-chat';
import { useMe } from '@web/lib/session';

export interface TaskChatSlotProps {
  task: TaskDetailsDto;
  capabilities: Set<TaskCapability>;
}

/**
 * The collapsible Messages panel of the task page, open by default: the chat between the client and
 * the assigned expert (read-only once the task is closed; admins read). Nobody else sees it.
 */
export function TaskChatSlot({ task, capabilities }: TaskChatSlotProps) {
  const [open, setOpen] = useState(true);
  const { data: me } = useMe();
  if (!capabilities.has('view_chat') || !me) return null;
  const panelId = `task-chat-${task.id}`;
  return (
    <section aria-labelledby={`${panelId}-title`} className="rounded-lg border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${panelId}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <MessageSquare aria-hidden="true" className="size-5" />
          {messages.taskPages.details.chatTitle}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {open ? messages.chat.panelHide : messages.chat.panelShow}
        </Button>
      </div>
      <div id={panelId} hidden={!open} className="mt-3">
        {open ? <TaskChat taskId={task.id} meId={me.profile.id} /> : null}
      </div>
    </section>
  );
}
