import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTaskAt } from '../../test/builders';
import { describeOnPostgres, useOneConnection } from '../../test/one-connection';
import type { ChatMessageDto } from '@shared/schemas/chat.schemas';
import { readTaskMessagesMarkingRead } from './messages.repository';
import { insertMessageIf } from './messages.service';

/**
 * Issue 55: PostgreSQL planned a chat's two frequent statements on every call: the message insert
 * (the message and its burst's mail job) about 0.6 ms under load, as long as it ran, and the chat
 * opened (its unread messages marked read, the list) about 0.4 ms. Each is now built once and
 * prepared by name once per pooled connection (defineNamedSql, defineShapedStatement).
 */
describeOnPostgres("a chat's statements, prepared once per connection (PostgreSQL)", () => {
  const suite = useOneConnection(async (t) => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    const open = await createTaskAt(t.db, { status: 'in_progress', clientId: client.id, expertId: expert.id });
    const closed = await createTaskAt(t.db, { status: 'verified', clientId: client.id, expertId: expert.id });
    return { client, expert, open, closed };
  });

  it('is parsed once on its connection, inserts into a writable chat only, and schedules one mail per burst', async () => {
    const { connection, seeded } = suite;
    const { client, expert } = seeded;
    const send = (taskId: string, content: string) =>
      insertMessageIf(connection.db, {
        taskId,
        senderId: client.id,
        receiverId: expert.id,
        clientId: client.id,
        expertId: expert.id,
        content,
        isFile: false,
        attachmentKey: null,
        now: new Date(),
      });
    const first = await send(seeded.open.id, 'Is the gate code 1234?');
    const second = await send(seeded.open.id, 'And "the blue door" is the one');
    expect(first).toMatchObject({ content: 'Is the gate code 1234?', sender_id: client.id, receiver_id: expert.id, read: false });
    expect(second?.content).toBe('And "the blue door" is the one');
    expect(second?.created_at).toBeInstanceOf(Date);
    // A closed task takes no message: the same statement, nothing inserted.
    expect(await send(seeded.closed.id, 'Too late')).toBeNull();
    expect(await connection.prepared('message_insert')).toEqual([{ name: 'message_insert', runs: 3 }]);
    // Both messages are one burst: one mail job, named by the first.
    const jobs = await connection.db.execute(sql`select key from jobs where key like 'chat-unread:%' and payload->>'messageId' = ${first!.id}`);
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it("opens a chat by name: the receiver's unread messages come back read, once", async () => {
    const { connection, seeded } = suite;
    const { client, expert } = seeded;
    const open = (receiverId: string) => readTaskMessagesMarkingRead(connection.db, { taskId: seeded.open.id, receiverId });
    const first = (await open(expert.id)).messages.map((text) => JSON.parse(text) as ChatMessageDto);
    expect(first.map((message) => message.read)).toEqual([true, true]);
    expect(first[0]).toMatchObject({ sender_id: client.id, sender: { first_name: expect.any(String) } });
    // Read for the client too (not the receiver): nothing of theirs to mark.
    expect((await open(client.id)).messages.map((text) => (JSON.parse(text) as ChatMessageDto).read)).toEqual([true, true]);
    const unread = await connection.db.execute(sql`select count(*)::int as n from messages where task_id = ${seeded.open.id} and read = false`);
    expect((unread as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    expect(await connection.prepared('chat_marking_read')).toEqual([{ name: 'chat_marking_read_one', runs: 2 }]);
  });
});
