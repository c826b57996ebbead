import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { FileText, Paperclip, SendHorizontal } from 'lucide-react';
import { CHAT } from '@shared/constants';
import { messages } from '@shared/messages';
import { topicName } from '@shared/realtime';
import type { ChatMessageDto } from '@shared/schemas/chat.schemas';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/components/ui/cn';
import { ApiError } from '@web/lib/api';
import { useRealtimeChannel } from '@web/lib/use-realtime';
import { chatQuery, chatQueryKey, messagesOfPages, useSendFile, useSendMessage } from './chat-api';
import { linkParts, nearBottom, relativeTime } from './chat-format';

const chatText = messages.chat;
/** The refusals the chat shows as its own state rather than as a failure. */
const isShownRefusal = (message: string) => message === chatText.partiesOnly || message === chatText.mustBeAccepted;

/**
 * A task's chat between the client and the accepted expert: used by the chat page and by the
 * Messages panel of the task page. Live: a message from the other party appears (and counts as
 * read) without a reload. Texts render as text; only http(s) links become clickable.
 */
export function TaskChat({ taskId, meId, className }: { taskId: string; meId: string; className?: string }) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(chatQuery(taskId));
  const [text, setText] = useState('');
  const send = useSendMessage(taskId);
  const sendFile = useSendFile(taskId);
  const listRef = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  /** While earlier messages load: the list's distance from its bottom, kept once they are in. */
  const keepFromBottom = useRef<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatQueryKey(taskId) });
  // A chat the user is not a party to is refused by the socket as by the API; the chat shows that
  // refusal itself ("Messages are only available to…"), so it is not a subscription error.
  useRealtimeChannel('chat', taskId, topicName.taskMessages(taskId), refresh, refresh, isShownRefusal);

  const shown = query.data ? messagesOfPages(query.data.pages) : [];
  const count = shown.length;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (keepFromBottom.current !== null) {
      // Earlier messages went in above: the messages that were in view stay where they were.
      list.scrollTop = list.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [count]);

  const showEarlier = () => {
    const list = listRef.current;
    if (query.isFetchingNextPage) return;
    keepFromBottom.current = list ? list.scrollHeight - list.scrollTop : null;
    void query.fetchNextPage().then((result) => {
      if (result.isError) {
        keepFromBottom.current = null;
        toast.error(chatText.earlierFailed);
      } else if (!result.hasNextPage) {
        // The button is gone with the last page: the keyboard stays in the list, not on the page.
        list?.focus();
      }
    });
  };
  useEffect(() => {
    if (count > 0) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  }, [count, queryClient]);

  const submit = () => {
    const content = text.trim();
    if (!content || send.isPending) return;
    send.mutate(content, {
      onSuccess: () => {
        setText('');
        stickToBottom.current = true;
      },
      // What was typed is kept.
      onError: () => toast.error(chatText.sendFailed),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (file.size > CHAT.attachmentMaxBytes) {
      toast.error(chatText.fileTooLarge);
      return;
    }
    sendFile.mutate(file, {
      onSuccess: () => {
        stickToBottom.current = true;
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) toast.error(error.message);
        else if (error instanceof ApiError && error.status > 0 && error.status < 500) toast.error(chatText.sendFileFailed);
        else toast.error(chatText.uploadFailed);
      },
    });
  };

  if (query.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={chatText.listTitle} />
      </div>
    );
  }
  if (query.isError) {
    const text = query.error instanceof ApiError && query.error.status < 500 ? query.error.message : chatText.loadFailed;
    // Someone who is not a party (an applicant not yet accepted) reads who the chat is for, then why (spec 001).
    const notAParty = query.error instanceof ApiError && query.error.status === 403 && text !== chatText.partiesOnly;
    return (
      <div role="alert" className="space-y-1 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
        {notAParty ? <p>{chatText.partiesOnly}</p> : null}
        <p>{text}</p>
      </div>
    );
  }

  const thread = query.data.pages[0]!;
  return (
    <div className={cn('flex min-h-0 flex-col gap-3', className)}>
      {query.hasNextPage ? (
        <Button type="button" variant="outline" size="sm" className="self-center" disabled={query.isFetchingNextPage} onClick={showEarlier}>
          {query.isFetchingNextPage ? <Spinner /> : null}
          {chatText.showEarlier}
        </Button>
      ) : null}
      <ol
        ref={listRef}
        aria-label={chatText.listTitle}
        tabIndex={0}
        onScroll={(event) => {
          stickToBottom.current = nearBottom(event.currentTarget);
        }}
        className="flex max-h-[60vh] min-h-40 flex-col gap-2 overflow-y-auto rounded-md border bg-background p-3"
      >
        {shown.length === 0 ? <li className="m-auto text-sm text-muted-foreground">{chatText.noMessagesYet}</li> : null}
        {shown.map((message) => (
          <MessageBubble key={message.id} message={message} mine={message.sender_id === meId} />
        ))}
      </ol>
      {thread.can_send ? (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <input
            ref={fileInput}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            accept={CHAT.attachmentTypes.join(',')}
            onChange={(event) => onFile(event.target.files?.[0])}
            data-testid="chat-file-input"
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={chatText.attachFile}
            disabled={sendFile.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {sendFile.isPending ? <Spinner /> : <Paperclip aria-hidden="true" />}
          </Button>
          <Textarea
            aria-label={chatText.messageLabel}
            placeholder={chatText.messagePlaceholder}
            value={text}
            maxLength={CHAT.messageMaxLength}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            className="min-h-10 flex-1"
            rows={1}
          />
          <Button type="submit" aria-label={chatText.send} disabled={send.isPending || text.trim() === ''}>
            <SendHorizontal aria-hidden="true" />
            <span className="hidden sm:inline">{chatText.send}</span>
          </Button>
        </form>
      ) : thread.read_only_reason ? (
        <p className="text-sm text-muted-foreground">{thread.read_only_reason}</p>
      ) : null}
    </div>
  );
}

function MessageBubble({ message, mine }: { message: ChatMessageDto; mine: boolean }) {
  return (
    <li className={cn('flex max-w-[85%] flex-col gap-1', mine ? 'self-end items-end' : 'self-start items-start')}>
      <div
        className={cn(
          'whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
          mine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        {message.is_file && message.attachment_url ? (
          <Attachment message={message} />
        ) : (
          linkParts(message.content).map((part, index) =>
            part.kind === 'link' ? (
              <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
                {part.text}
              </a>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )
        )}
      </div>
      <span className="text-xs text-muted-foreground">
        {mine ? '' : `${message.sender.first_name ?? ''} · `}
        <time dateTime={message.created_at}>{relativeTime(message.created_at)}</time>
      </span>
    </li>
  );
}

function Attachment({ message }: { message: ChatMessageDto }) {
  const url = message.attachment_url!;
  if (message.attachment_type === 'image') {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer">
        <img src={url} alt={message.content} className="max-h-60 max-w-full rounded" loading="lazy" />
      </a>
    );
  }
  return (
    <a href={url} download={message.content} className="flex items-center gap-2 underline">
      <FileText aria-hidden="true" className="size-4" />
      {message.content}
    </a>
  );
}
