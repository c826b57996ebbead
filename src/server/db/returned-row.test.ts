import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTask } from '../test/builders';
import { createTestApp, type TestApp } from '../test/test-app';
import { decodeReturnedRow } from './returned-row';
import { messages, taskApplications } from './schema';

// The conditional inserts of messages and applications answer their row from RETURNING *; it must
// be the row drizzle's own select would give, on PGlite and on PostgreSQL alike.
let t: TestApp;
let clientId: string;
let expertId: string;
beforeAll(async () => {
  t = await createTestApp();
  clientId = (await t.createUser('client')).id;
  expertId = (await t.createUser('expert')).id;
});
afterAll(async () => t?.close());

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

describe('decodeReturnedRow', () => {
  it('decodes a returned message exactly as a select of it (dates, identity, nulls, booleans)', async () => {
    const task = await createTask(t.db, { client_id: clientId, expert_id: expertId, status: 'in_progress' });
    const [raw] = rowsOf(
      await t.db.execute(sql`insert into messages (task_id, sender_id, receiver_id, content, created_at)
        values (${task.id}, ${clientId}, ${expertId}, 'Hello', '2026-11-26T10:00:00.123Z'::timestamptz) returning *`),
    );
    const decoded = decodeReturnedRow(messages, raw!);
    const [selected] = await t.db.select().from(messages).where(eq(messages.id, decoded.id));
    expect(decoded).toEqual(selected);
    expect(decoded.created_at).toEqual(new Date('2026-11-26T10:00:00.123Z'));
    expect(decoded.attachment_url).toBeNull();
    expect(decoded.read).toBe(false);
    expect(typeof decoded.seq).toBe('number');
  });

  it('decodes a returned application exactly as a select of it (enum, integer, dates)', async () => {
    const task = await createTask(t.db, { client_id: clientId, status: 'open' });
    const [raw] = rowsOf(
      await t.db.execute(sql`insert into task_applications (task_id, expert_id, status, proposed_rate, notes)
        values (${task.id}, ${expertId}, 'pending', 15000, 'Cover letter') returning *`),
    );
    const decoded = decodeReturnedRow(taskApplications, raw!);
    const [selected] = await t.db.select().from(taskApplications).where(eq(taskApplications.id, decoded.id));
    expect(decoded).toEqual(selected);
    expect(decoded).toMatchObject({ status: 'pending', proposed_rate: 15_000, notes: 'Cover letter' });
    expect(decoded.created_at).toBeInstanceOf(Date);
  });
});
