import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castOf, createTasksTestApp, okJson, taskAt, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';

/**
 * Issue 55: opening a chat marks its unread messages read in one UPDATE, and each updated row sent
 * its own change event (NOTIFY on app_changes, relayed by the bus and pushed to both parties'
 * sockets): 15 unread messages, 15 events. Migration 0054 sends one per conversation and statement.
 */
type ChangeEvent = { table: string; op: string; id: string; task_id?: string; sender_id?: string; receiver_id?: string };

let h: TasksTestApp;
let cast: Cast;
let taskId: string;
const events: ChangeEvent[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  h = await createTasksTestApp();
  cast = await castOf(h);
  taskId = (await taskAt(h, cast, 'in_progress')).task.id;
  unlisten = await h.database.listen('app_changes', (payload) => events.push(JSON.parse(payload) as ChangeEvent));
});
afterAll(async () => {
  await unlisten?.();
  await h?.close();
});

/** The message events of this task heard while `run` ran (PostgreSQL delivers them on another connection). */
async function messageEventsOf(run: () => Promise<unknown>): Promise<ChangeEvent[]> {
  events.length = 0;
  await run();
  await new Promise((resolve) => setTimeout(resolve, 300));
  return events.filter((event) => event.table === 'messages' && event.task_id === taskId);
}

const send = (content: string) => {
  h.clock.advance(1_000);
  return h.request('POST', `/api/tasks/${taskId}/messages`, { body: { content }, cookie: cast.expert.cookie });
};
const open = () => h.request('GET', `/api/tasks/${taskId}/messages`, { cookie: cast.client.cookie });

describe('the change events of reading a chat', () => {
  it('sends one event for the messages read at once, and none when nothing was unread', async () => {
    const sent = await messageEventsOf(async () => {
      for (let i = 0; i < 5; i++) await okJson(await send(`Photo ${i} is up`), 201);
    });
    expect(sent.map((event) => event.op)).toEqual(['insert', 'insert', 'insert', 'insert', 'insert']);

    const read = await messageEventsOf(async () => okJson(await open()));
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ op: 'update', id: sent[4].id, sender_id: cast.expert.id, receiver_id: cast.client.id });

    expect(await messageEventsOf(async () => okJson(await open()))).toEqual([]);
  });

  it('still counts every message read (POST /messages/read)', async () => {
    // The inserts' own events are heard first (they arrive after the answer, on another connection).
    const sent = await messageEventsOf(async () => {
      await okJson(await send('One more'), 201);
      await okJson(await send('And the last'), 201);
    });
    expect(sent.map((event) => event.op)).toEqual(['insert', 'insert']);
    const events = await messageEventsOf(async () => {
      const result = await okJson<{ updated: number }>(
        await h.request('POST', `/api/tasks/${taskId}/messages/read`, { cookie: cast.client.cookie }),
      );
      expect(result.updated).toBe(2);
    });
    expect(events.map((event) => event.op)).toEqual(['update']);
  });
});
