import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { ChatMessageDto } from '@shared/schemas/chat.schemas';
import { messages, profiles } from '../../db/schema';
import { createMessage, createTask } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { listTaskMessages, readTaskMessagesMarkingRead } from './messages.repository';
import { toMessageDto } from './messages.service';

/**
 * The chat's messages as PostgreSQL writes them (chat-message-json.ts) against what the server wrote
 * before: toMessageDto of the row read through drizzle. Every kind of message: text, an image, a
 * document, a file message whose key is missing, texts JSON must escape, a time with microseconds
 * (both truncate to milliseconds), a sender with a picture and one without a name.
 */
const AWKWARD = 'Door "B" \\ back\nside\t\u2028 ✓ 🏠 <b>bold</b>';

let t: TestApp;
let client: TestUser;
let expert: TestUser;
let taskId: string;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  expert = await t.createUser('expert');
  await t.db.update(profiles).set({ first_name: null, avatar_url: null }).where(eq(profiles.id, client.id));
  await t.db.update(profiles).set({ first_name: AWKWARD, avatar_url: 'https://cdn.example.com/a "b".png' }).where(eq(profiles.id, expert.id));
  taskId = (await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'in_progress' })).id;
  const from = (sender: TestUser) => ({ task_id: taskId, sender_id: sender.id, receiver_id: sender.id === client.id ? expert.id : client.id });
  const rows = [
    { ...from(client), content: AWKWARD },
    { ...from(expert), content: 'photo.png', is_file: true, attachment_url: `chat/${taskId}/abc.png` },
    { ...from(expert), content: 'photo.webp', is_file: true, attachment_url: `chat/${taskId}/abc.webp` },
    { ...from(client), content: 'report.pdf', is_file: true, attachment_url: `chat/${taskId}/abc.pdf` },
    { ...from(client), content: 'not really a png.png.pdf', is_file: true, attachment_url: `chat/${taskId}/x.png.pdf` },
    { ...from(expert), content: 'lost file', is_file: true, attachment_url: null },
    { ...from(expert), content: 'a link to chat/x.png', attachment_url: 'chat/x.png' },
    { ...from(client), content: '' },
  ];
  for (const [index, row] of rows.entries()) {
    await createMessage(t.db, { ...row, read: index % 3 === 0, created_at: new Date(Date.UTC(2026, 11, 1, 10, index, 7, 250)) });
  }
  // Microseconds, which JavaScript's Date drops.
  await t.db.execute(sql`update messages set created_at = created_at + interval '999 microseconds' where task_id = ${taskId} and content = ''`);
});
afterAll(() => t.close());

/** The rows as the server read and mapped them before. */
async function mappedBefore(): Promise<ChatMessageDto[]> {
  const rows = await t.db
    .select({
      id: messages.id,
      task_id: messages.task_id,
      sender_id: messages.sender_id,
      receiver_id: messages.receiver_id,
      content: messages.content,
      is_file: messages.is_file,
      attachment_url: messages.attachment_url,
      read: messages.read,
      created_at: messages.created_at,
      seq: messages.seq,
      sender_first_name: profiles.first_name,
      sender_avatar_url: profiles.avatar_url,
    })
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.sender_id))
    .where(eq(messages.task_id, taskId))
    .orderBy(asc(messages.created_at), asc(messages.seq));
  return rows.map(toMessageDto);
}

describe('chat messages written by PostgreSQL', () => {
  it('parse to what toMessageDto gave for the same rows, key for key and in its key order', async () => {
    const before = await mappedBefore();
    const page = await listTaskMessages(t.db, taskId);
    const parsed = page.messages.map((text) => JSON.parse(text) as ChatMessageDto);
    expect(parsed).toEqual(before);
    expect(parsed.map((message) => Object.keys(message))).toEqual(before.map((message) => Object.keys(message)));
    expect(parsed.map((message) => message.attachment_type)).toEqual([null, 'image', 'image', 'document', 'document', null, null, null]);
    expect(parsed.at(-1)!.created_at).toBe('2026-12-01T10:07:07.250Z');
  });

  it('show a message the same statement marked read as read, as the list read after it does', async () => {
    const opened = await readTaskMessagesMarkingRead(t.db, { taskId, receiverId: client.id });
    const after = await mappedBefore();
    expect(opened.messages.map((text) => JSON.parse(text) as ChatMessageDto)).toEqual(after);
    expect(after.filter((message) => message.receiver_id === client.id).every((message) => message.read)).toBe(true);
    expect(after.some((message) => !message.read)).toBe(true);
  });
});
