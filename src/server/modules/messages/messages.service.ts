import { randomUUID } from 'node:crypto';
import { CHAT } from '@shared/constants';
import { check } from '@shared/domain/permissions';
import { messages as texts } from '@shared/messages';
import type { ChatMessageDto, ChatThreadDto, ConversationDto } from '@shared/schemas/chat.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkUpload } from '../../lib/file-checks';
import { assertValidStorageKey, type FileStorage, type StoredFile } from '../../providers/storage';
import { enforce, loadVisibleTask, refusalError } from '../tasks/task-access';
import {
  findMessage,
  messageInsert,
  listTaskMessages,
  markTaskMessagesRead,
  readTaskMessagesMarkingRead,
  type MessagePage,
  type MessageRow,
  type MessageWithSender,
} from './messages.repository';
import { chatBurstOfInserted } from './chat-burst';
import { readConversationList } from './conversation-list-read';

/** Statuses in which the two parties may still write (closed tasks are read-only). */
const WRITABLE_STATUSES = ['assigned', 'in_progress', 'pending_approval', 'changes_requested', 'no_access_reported'] as const;
/** The message and its burst's mail job, one statement prepared by name (chat-burst.ts: mailed once if left unread 10 minutes). */
export const insertMessageIf = messageInsert('message_insert', WRITABLE_STATUSES, chatBurstOfInserted());
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export interface MessagesServiceDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

const attachmentPath = (row: Pick<MessageRow, 'task_id' | 'id'>) =>
  `/api/tasks/${row.task_id}/messages/${row.id}/attachment`;

function attachmentTypeOf(
  row: Pick<MessageRow, 'is_file' | 'attachment_url'>,
): ChatMessageDto['attachment_type'] {
  if (!row.is_file || !row.attachment_url) return null;
  return /\.(jpg|png|webp|gif)$/.test(row.attachment_url) ? 'image' : 'document';
}

export function toMessageDto(row: MessageWithSender): ChatMessageDto {
  return {
    id: row.id,
    task_id: row.task_id,
    sender_id: row.sender_id,
    receiver_id: row.receiver_id,
    content: row.content,
    is_file: row.is_file,
    attachment_url: row.is_file && row.attachment_url ? attachmentPath(row) : null,
    attachment_type: attachmentTypeOf(row),
    read: row.read,
    created_at: row.created_at.toISOString(),
    sender: { first_name: row.sender_first_name, avatar_url: row.sender_avatar_url },
  };
}

export function createMessagesService(deps: MessagesServiceDeps) {
  const { db, clock, storage } = deps;

  /** The task for a chat read: 404 when invisible, 403 with the spec's text when not a party (admins may read). */
  async function loadChat(userId: string, taskId: string) {
    const now = clock.now();
    const access = await loadVisibleTask(db, userId, taskId, now);
    enforce(check(access.actor, 'view_chat', access.facts, now));
    return { ...access, now };
  }

  /** The party who writes, the receiver and the conditional insert shared by text and file messages. */
  async function attachmentSource(userId: string, taskId: string, messageId: string): Promise<{ key: string; fileName: string }> {
    const { task } = await loadChat(userId, taskId);
    const row = await findMessage(db, task.id, messageId);
    if (!row || !row.is_file || !row.attachment_url) throw notFound(texts.common.notFound);
    return { key: row.attachment_url, fileName: row.content };
  }

  async function send(userId: string, taskId: string, content: string, attachmentKey: string | null) {
    const now = clock.now();
    const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
    const allowed = check(actor, 'send_message', facts, now);
    if (!allowed.ok) throw refusalError(allowed);
    const expertId = task.expert_id!;
    const receiverId = userId === task.client_id ? expertId : task.client_id;
    const row = await insertMessageIf(db, {
      taskId: task.id,
      senderId: userId,
      receiverId,
      clientId: task.client_id,
      expertId,
      content,
      isFile: attachmentKey !== null,
      attachmentKey,
      now,
    });
    if (!row) throw conflict(texts.tasks.statusChanged);
    return toMessageDto(row);
  }

  return {
    /**
     * The task's newest page of messages oldest first, and the caller's received messages become
     * read; with `beforeId`, the page before that message of the task (404 for any other id). The
     * answer is ChatThreadDto's JSON text: the messages come written by PostgreSQL (chat-message-json.ts).
     */
    async threadJson(userId: string, taskId: string, beforeId?: string): Promise<string> {
      const { actor, task, facts, now } = await loadChat(userId, taskId);
      const isParty = userId === task.client_id || userId === task.expert_id;
      let page: MessagePage;
      if (beforeId) {
        if (!(await findMessage(db, task.id, beforeId))) throw notFound(texts.common.notFound);
        page = await listTaskMessages(db, task.id, beforeId);
      } else {
        // A party's unread messages become read with the same statement that lists them.
        page = isParty ? await readTaskMessagesMarkingRead(db, { taskId: task.id, receiverId: userId }) : await listTaskMessages(db, task.id);
      }
      const canSend = check(actor, 'send_message', facts, now);
      const head = JSON.stringify({
        task: { id: task.id, title: task.title, status: task.status, client_id: task.client_id, expert_id: task.expert_id },
      } satisfies Pick<ChatThreadDto, 'task'>);
      const tail = JSON.stringify({
        has_earlier: page.hasEarlier,
        can_send: canSend.ok,
        read_only_reason: canSend.ok ? null : isParty ? texts.chat.readOnly : canSend.message,
      } satisfies Omit<ChatThreadDto, 'task' | 'messages'>);
      // ChatThreadDto's keys in its order: the task, the messages, then the rest.
      return `${head.slice(0, -1)},"messages":[${page.messages.join(',')}],${tail.slice(1)}`;
    },

    /** A message that arrived live counts as read once the receiver's chat shows it. */
    async markRead(userId: string, taskId: string): Promise<{ updated: number }> {
      const { task } = await loadChat(userId, taskId);
      return { updated: await markTaskMessagesRead(db, { taskId: task.id, receiverId: userId }) };
    },

    sendText: (userId: string, taskId: string, content: string) => send(userId, taskId, content, null),

    /** A file message: 5 MB, an image, PDF, DOC or DOCX by its content; stored under a random key. */
    async sendFile(userId: string, taskId: string, file: unknown): Promise<ChatMessageDto> {
      if (!(file instanceof File) || file.size === 0)
        throw badRequest(texts.chat.fileTypeInvalid, { file: texts.chat.fileTypeInvalid });
      if (file.size > CHAT.attachmentMaxBytes)
        throw badRequest(texts.chat.fileTooLarge, { file: texts.chat.fileTooLarge });
      // The access check comes before reading or storing anything.
      const now = clock.now();
      const access = await loadVisibleTask(db, userId, taskId, now);
      enforce(check(access.actor, 'send_message', access.facts, now));
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = checkUpload(bytes, file.name, {
        allowed: CHAT.attachmentTypes,
        maxBytes: CHAT.attachmentMaxBytes,
      });
      if (!result.ok) {
        const text = result.reason === 'too_large' ? texts.chat.fileTooLarge : texts.chat.fileTypeInvalid;
        throw badRequest(text, { file: text });
      }
      const key = `${CHAT.bucket}/${access.task.id}/${randomUUID()}.${result.extension}`;
      assertValidStorageKey(key);
      await storage.put(key, bytes, { contentType: result.contentType });
      try {
        return await send(userId, taskId, result.fileName, key);
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
    },

    /** A chat file, to the task's two parties and admins only. */
    async attachment(
      userId: string,
      taskId: string,
      messageId: string,
    ): Promise<StoredFile & { fileName: string; inline: boolean }> {
      const source = await attachmentSource(userId, taskId, messageId);
      const file = await storage.get(source.key);
      if (!file) throw notFound(texts.common.notFound);
      return { ...file, fileName: source.fileName, inline: IMAGE_TYPES.has(file.contentType) };
    },

    /** Where a chat file is stored, after the same check (the two parties and admins only). */
    attachmentSource,

    /** Whether a chat file shows inline (images) or downloads, by its stored type. */
    inlineType: (contentType: string) => IMAGE_TYPES.has(contentType),

    /**
     * The conversation list: chats the user is a party of, newest activity first, with unread
     * counts; then, for an expert, the tasks they applied to and were not accepted for, shown with
     * the spec's text and nothing of the conversation (decision 0070).
     */
    async conversations(userId: string): Promise<ConversationDto[]> {
      // One statement for the whole list (conversation-list-read.ts).
      const read = await readConversationList(db, userId);
      const iso = (value: string) => new Date(value).toISOString();
      const rows: Array<ConversationDto & { sortAt: number }> = read.party.map((task) => ({
        task_id: task.id,
        title: task.title,
        status: task.status as ConversationDto['status'],
        access: 'party',
        other_party: task.other,
        last_message: task.last
          ? { content: task.last.content, is_file: task.last.is_file, created_at: iso(task.last.created_at), sender_id: task.last.sender_id }
          : null,
        unread_count: Number(task.unread),
        notice: null,
        sortAt: new Date(task.last?.created_at ?? task.updated_at).getTime(),
      }));
      rows.sort((a, b) => b.sortAt - a.sortAt);
      // Only an expert has applications: anyone else's list of them is empty.
      const applied = read.is_expert ? read.applied : [];
      const applicantRows: ConversationDto[] = applied.map((task) => ({
        task_id: task.id,
        title: task.title,
        status: task.status as ConversationDto['status'],
        access: 'applicant',
        other_party: null,
        last_message: null,
        unread_count: 0,
        notice: texts.chat.mustBeAccepted,
      }));
      return [...rows.map(({ sortAt: _sortAt, ...row }) => row), ...applicantRows];
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
