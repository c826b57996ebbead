import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../test/test-app';
import { notificationsOf, okJson, taskAt, useTasksTestApp, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';
import { CHAT_UNREAD_DELAY_MS } from './chat-burst';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const say = async (taskId: string, content: string) =>
  okJson(await h.request('POST', `/api/tasks/${taskId}/messages`, { body: { content }, cookie: cast.expert.cookie }), 201);
const runJobs = async () => {
  await h.context.jobs.runDue();
  await h.context.jobs.runDue();
};
const burstsOf = async (taskId: string) => (await notificationsOf(h, cast.client.id, taskId)).filter((row) => row.type === 'chat_unread');

async function chatMailsTo(email: string, taskId: string) {
  const response = await h.app.request(`/dev/outbox/messages?channel=email&recipient=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: Array<{ subject: string | null; body: string; action_url: string | null }> };
  return messages.filter((mail) => mail.action_url === `${TEST_ORIGIN}/task/${taskId}/messages`);
}

describe('the unread-chat mail', () => {
  it('mails one burst of unread messages once, 10 minutes after its first message, without quoting it', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    await say(task.id, 'First: the secret door code is 4711');
    h.clock.advance(60_000);
    await say(task.id, 'Second');
    await say(task.id, 'Third');
    await runJobs();
    expect(await burstsOf(task.id)).toHaveLength(0);
    h.clock.advance(CHAT_UNREAD_DELAY_MS);
    await runJobs();
    await say(task.id, 'Fourth, same burst: still unread');
    h.clock.advance(CHAT_UNREAD_DELAY_MS);
    await runJobs();
    const bursts = await burstsOf(task.id);
    expect(bursts).toHaveLength(1);
    expect(bursts[0].message).toContain('3 unread message(s)');
    const mails = await chatMailsTo(cast.client.email, task.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).not.toContain('4711');
    // The sender is not mailed about their own messages.
    expect(await chatMailsTo(cast.expert.email, task.id)).toHaveLength(0);
  });

  it('sends nothing when the chat was read within 10 minutes; the next message starts a new burst', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    await say(task.id, 'Are you there?');
    expect((await h.request('GET', `/api/tasks/${task.id}/messages`, { cookie: cast.client.cookie })).status).toBe(200);
    h.clock.advance(CHAT_UNREAD_DELAY_MS);
    await runJobs();
    expect(await burstsOf(task.id)).toHaveLength(0);
    await say(task.id, 'One more thing');
    h.clock.advance(CHAT_UNREAD_DELAY_MS);
    await runJobs();
    expect(await burstsOf(task.id)).toHaveLength(1);
  });
});
