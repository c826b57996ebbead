import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ConversationDto } from '@shared/schemas/chat.schemas';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Spinner } from '@web/components/ui/spinner';
import { conversationsQuery } from '@web/components/chat/chat-api';
import { preview, relativeTime } from '@web/components/chat/chat-format';

const chatText = messages.chat;

/** /messages and /dashboard/messages: the user's chats, newest activity first, with unread counts. */
export default function MessagesPage() {
  const query = useQuery(conversationsQuery);
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">{chatText.listTitle}</h1>
      {query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={chatText.listTitle} />
        </div>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">{chatText.loadFailed}</p>
      ) : query.data.conversations.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{chatText.listEmpty}</p>
      ) : (
        <ul className="divide-y rounded-md border bg-background">
          {query.data.conversations.map((conversation) => (
            <li key={conversation.task_id}>
              <ConversationRow conversation={conversation} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ConversationRow({ conversation }: { conversation: ConversationDto }) {
  const other = conversation.other_party;
  const name = other ? [other.first_name, other.last_name].filter(Boolean).join(' ') : null;
  const last = conversation.last_message;
  const target = conversation.access === 'party' ? `/task/${conversation.task_id}/messages` : `/task/${conversation.task_id}`;
  return (
    <Link to={target} className="flex items-start gap-3 p-3 hover:bg-muted focus-visible:bg-muted">
      {other ? (
        <Avatar src={other.avatar_url} name={name} decorative className="size-10" />
      ) : (
        <span className="flex size-10 items-center justify-center rounded-full bg-muted" aria-hidden="true">
          <MessageSquare className="size-5 text-muted-foreground" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-medium">{conversation.title}</span>
          {last ? (
            <time dateTime={last.created_at} className="shrink-0 text-xs text-muted-foreground">
              {relativeTime(last.created_at)}
            </time>
          ) : null}
        </span>
        {name ? <span className="block text-xs text-muted-foreground">{name}</span> : null}
        <span className="block text-sm text-muted-foreground">
          {conversation.notice ?? (last ? (last.is_file ? `${chatText.fileSent}: ${preview(last.content)}` : preview(last.content)) : chatText.noMessagesYet)}
        </span>
      </span>
      {conversation.unread_count > 0 ? (
        <Badge aria-label={format(chatText.unreadCount, { count: conversation.unread_count })}>{conversation.unread_count}</Badge>
      ) : null}
    </Link>
  );
}
