import { Link, useParams } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { chatQuery } from '@web/components/chat/chat-api';
import { TaskChat } from '@web/components/chat/task-chat';
import { AgreedVisitLine } from '@web/components/visits/agreed-visit-line';
import { useMe } from '@web/lib/session';

const chatText = messages.chat;

/** /task/{taskId}/messages and /dashboard/task/{taskId}/messages: the task's chat on its own page. */
export default function TaskChatPage() {
  const { taskId = '' } = useParams();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const thread = useInfiniteQuery(chatQuery(taskId));
  const goBack = () => {
    // Back to the previous page, or to the conversation list when the chat was opened directly.
    if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0) navigate(-1);
    else navigate('/messages');
  };
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          {chatText.back}
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to={`/task/${taskId}`}>
            <ExternalLink aria-hidden="true" />
            {chatText.viewTask}
          </Link>
        </Button>
      </div>
      <h1 className="text-xl font-semibold">{thread.data?.pages[0]?.task.title ?? chatText.listTitle}</h1>
      {taskId ? <AgreedVisitLine taskId={taskId} /> : null}
      {me ? <TaskChat taskId={taskId} meId={me.profile.id} /> : null}
    </section>
  );
}
