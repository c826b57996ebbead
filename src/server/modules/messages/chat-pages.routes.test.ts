import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT } from '@shared/constants';
import { messages as texts } from '@shared/messages';
import type { ChatThreadDto } from '@shared/schemas/chat.schemas';
import { castOf, createTasksTestApp, expectError, okJson, taskAt, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';

/** GET /api/tasks/:id/messages in pages (issue 55): the newest CHAT.pageSize, then earlier ones with `before`. */
let h: TasksTestApp;
let cast: Cast;
let taskId: string;
const TOTAL = CHAT.pageSize * 2 + 20;

beforeAll(async () => {
  h = await createTasksTestApp();
  cast = await castOf(h);
  taskId = (await taskAt(h, cast, 'in_progress', { rival: true })).task.id;
  // A long chat, written straight to the table: "message 1" the oldest, every other one from the
  // expert (unread by the client), a second apart, the last two sharing their second.
  const start = h.clock.now().getTime() - TOTAL * 1_000;
  await h.db.execute(sql`
    insert into messages (task_id, sender_id, receiver_id, content, read, created_at)
    select ${taskId}::uuid,
      case when n % 2 = 0 then ${cast.expert.id}::uuid else ${cast.client.id}::uuid end,
      case when n % 2 = 0 then ${cast.client.id}::uuid else ${cast.expert.id}::uuid end,
      'message ' || n, false,
      to_timestamp((${start}::bigint + least(n, ${TOTAL - 1}) * 1000) / 1000.0)
    from generate_series(1, ${TOTAL}) as n
    order by n`);
});
afterAll(() => h.close());

const page = (cookie: string, before?: string, id = taskId) =>
  h.request('GET', `/api/tasks/${id}/messages${before === undefined ? '' : `?before=${encodeURIComponent(before)}`}`, { cookie });
const numbers = (body: ChatThreadDto) => body.messages.map((message) => Number(message.content.replace('message ', '')));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('a long chat, in pages', () => {
  it('marks every message the opener received read, not only the newest page, and earlier pages show them read', async () => {
    const unreadByClient = async () => {
      const result = await h.db.execute(sql`select count(*)::int as n from messages where task_id = ${taskId} and receiver_id = ${cast.client.id} and read = false`);
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    };
    expect(await unreadByClient()).toBe(TOTAL / 2);
    const newest = await okJson<ChatThreadDto>(await page(cast.client.cookie));
    expect(await unreadByClient()).toBe(0);
    const earlier = await okJson<ChatThreadDto>(await page(cast.client.cookie, newest.messages[0]!.id));
    expect(earlier.messages.filter((message) => message.receiver_id === cast.client.id).every((message) => message.read)).toBe(true);
  });

  it('opens on the newest page, oldest first, and pages back with `before` to the first message', async () => {
    const newest = await okJson<ChatThreadDto>(await page(cast.expert.cookie));
    expect(numbers(newest)).toEqual(range(TOTAL - CHAT.pageSize + 1, TOTAL));
    expect(newest.has_earlier).toBe(true);
    expect(newest.can_send).toBe(true);
    const earlier = await okJson<ChatThreadDto>(await page(cast.expert.cookie, newest.messages[0]!.id));
    expect(numbers(earlier)).toEqual(range(TOTAL - 2 * CHAT.pageSize + 1, TOTAL - CHAT.pageSize));
    expect(earlier.has_earlier).toBe(true);
    const first = await okJson<ChatThreadDto>(await page(cast.expert.cookie, earlier.messages[0]!.id));
    expect(numbers(first)).toEqual(range(1, TOTAL - 2 * CHAT.pageSize));
    expect(first.has_earlier).toBe(false);
    expect(first.task.id).toBe(taskId);
  });

  it('pages between two messages sent in the same instant in the order they were sent', async () => {
    const newest = await okJson<ChatThreadDto>(await page(cast.client.cookie));
    const last = newest.messages.at(-1)!;
    expect(last.created_at).toBe(newest.messages.at(-2)!.created_at);
    const beforeLast = await okJson<ChatThreadDto>(await page(cast.client.cookie, last.id));
    expect(numbers(beforeLast).at(-1)).toBe(TOTAL - 1);
    expect(numbers(beforeLast)).toHaveLength(CHAT.pageSize);
  });

  it('refuses a `before` that is not an id with the clear text, and one from another chat as not found', async () => {
    expect(await expectError(await page(cast.client.cookie, 'not-an-id'), 400)).toBe(texts.common.invalidRequest);
    expect(await expectError(await page(cast.client.cookie, ''), 400)).toBe(texts.common.invalidRequest);
    expect(await expectError(await page(cast.client.cookie, crypto.randomUUID()), 404)).toBe(texts.common.notFound);
    const other = (await taskAt(h, cast, 'in_progress')).task.id;
    await okJson(await h.request('POST', `/api/tasks/${other}/messages`, { body: { content: 'elsewhere' }, cookie: cast.client.cookie }), 201);
    const elsewhere = (await okJson<ChatThreadDto>(await page(cast.client.cookie, undefined, other))).messages[0]!;
    expect(await expectError(await page(cast.client.cookie, elsewhere.id), 404)).toBe(texts.common.notFound);
  });

  it('answers hostile `before` values with a 4xx, never a 5xx; an unknown parameter is ignored', async () => {
    const id = crypto.randomUUID();
    const answers: Array<[string, number]> = [
      ['before=%00', 400],
      [`before=${'a'.repeat(20_000)}`, 400],
      ['before=%F0%9F', 400],
      [`before=${id}'--`, 400],
      [`before=${id}&before=${id}`, 404],
      ['before[]=1', 200],
    ];
    for (const [query, status] of answers) {
      const response = await h.request('GET', `/api/tasks/${taskId}/messages?${query}`, { cookie: cast.client.cookie });
      expect(response.status, query).toBe(status);
    }
  });

  it('refuses earlier pages to everyone the chat refuses; an admin may read them', async () => {
    const newest = await okJson<ChatThreadDto>(await page(cast.client.cookie));
    const before = newest.messages[0]!.id;
    expect(await expectError(await page(cast.otherExpert.cookie, before), 403)).toBe(texts.chat.mustBeAccepted);
    expect(await expectError(await page(cast.otherClient.cookie, before), 404)).toBe(texts.tasks.notFound);
    expect((await h.request('GET', `/api/tasks/${taskId}/messages?before=${before}`)).status).toBe(401);
    const admin = await okJson<ChatThreadDto>(await page(cast.admin.cookie, before));
    expect(numbers(admin)).toEqual(range(TOTAL - 2 * CHAT.pageSize + 1, TOTAL - CHAT.pageSize));
  });

  it('has no earlier page before an expert is assigned either', async () => {
    const open = await taskAt(h, cast, 'open');
    const before = (await okJson<ChatThreadDto>(await page(cast.client.cookie))).messages[0]!.id;
    expect(await expectError(await page(cast.client.cookie, before, open.task.id), 409)).toBe(texts.chat.partiesOnly);
  });
});
