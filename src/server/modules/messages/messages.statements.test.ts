import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { jobs, messages } from '../../db/schema';
import { createTask } from '../../test/builders';
import { countStatements } from '../../test/statement-counter';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { CHAT_BURST_JOB_KIND, CHAT_UNREAD_DELAY_MS } from './chat-burst';

// Sending is the load test's most frequent write (docs/performance.md, "Statements per route").
let t: TestApp;
let client: TestUser;
let expert: TestUser;
let taskId: string;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  expert = await t.createUser('expert');
  taskId = (await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'in_progress' })).id;
});
afterAll(async () => t?.close());

async function send(content: string) {
  const counter = countStatements(t.db);
  try {
    const response = await t.request('POST', `/api/tasks/${taskId}/messages`, { cookie: expert.cookie, body: { content } });
    return { response, statements: [...counter.statements] };
  } finally {
    counter.restore();
  }
}

describe('sending a message', () => {
  it("is two statements: the task's access read, then the message with its burst's mail job", async () => {
    // The first write also reads the session and the maintenance switch, which are then held.
    const first = await send('The gate is locked');
    expect(first.response.status).toBe(201);
    t.clock.advance(60_000);
    const second = await send('Who has the key?');
    expect(second.response.status).toBe(201);
    expect(second.statements).toHaveLength(2);
    expect(second.statements[1]).toMatch(/INSERT INTO messages[\s\S]*INSERT INTO jobs/);

    // One job for the burst, named by its first unread message and due 10 minutes after it.
    const [oldest] = await t.db.select().from(messages).where(eq(messages.content, 'The gate is locked'));
    const bursts = await t.db.select().from(jobs).where(like(jobs.key, `${CHAT_BURST_JOB_KIND}:%`));
    const mine = bursts.filter((job) => (job.payload as { messageId?: string }).messageId === oldest.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: CHAT_BURST_JOB_KIND, key: `${CHAT_BURST_JOB_KIND}:${oldest.id}`, max_attempts: 5, done_at: null });
    expect(mine[0].run_at.getTime()).toBe(oldest.created_at.getTime() + CHAT_UNREAD_DELAY_MS);
    const newest = (await t.db.select().from(messages).where(eq(messages.content, 'Who has the key?')))[0];
    expect(bursts.some((job) => job.key.endsWith(newest.id))).toBe(false);
  });

  it('queues nothing for a message the task no longer takes', async () => {
    const closed = (await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'cancelled' })).id;
    const before = await t.db.select({ key: jobs.key }).from(jobs).where(like(jobs.key, `${CHAT_BURST_JOB_KIND}:%`));
    const refused = await t.request('POST', `/api/tasks/${closed}/messages`, { cookie: expert.cookie, body: { content: 'Still there?' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const after = await t.db.select({ key: jobs.key }).from(jobs).where(like(jobs.key, `${CHAT_BURST_JOB_KIND}:%`));
    expect(after).toHaveLength(before.length);
  });
});

describe('opening a chat', () => {
  it("is two statements: the task's access read, then the newest page marking the opener's messages read", async () => {
    const open = async () => {
      const counter = countStatements(t.db);
      try {
        const response = await t.request('GET', `/api/tasks/${taskId}/messages`, { cookie: client.cookie });
        return { response, statements: [...counter.statements] };
      } finally {
        counter.restore();
      }
    };
    // The first read also reads the session, which is then held.
    expect((await open()).response.status).toBe(200);
    const again = await open();
    expect(again.response.status).toBe(200);
    expect(again.statements).toHaveLength(2);
    expect(again.statements[0]).toMatch(/^select "id", "title"[\s\S]*from "tasks" where "tasks"."id" = \$4$/);
    expect(again.statements[1]).toMatch(/^with "marked_read" as \(update "messages" set read = true[\s\S]*json_build_object[\s\S]*limit \$4$/);
  });
});
