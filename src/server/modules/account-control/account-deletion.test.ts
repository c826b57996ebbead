import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { createMessage, createReview, createTask, createTransaction, PNG_BYTES } from '../../test/builders';
import { PAYOUT_DELAY_DAYS } from './account-deletion.service';
import { profiles } from '../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every text-like column of every table, searched for `needle` (docs/privacy.md lists the exceptions). */
async function tablesHolding(needle: string): Promise<string[]> {
  const columns = (await t.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`)) as unknown as
    | { rows: Array<{ table_name: string; column_name: string }> }
    | Array<{ table_name: string; column_name: string }>;
  const list = Array.isArray(columns) ? columns : columns.rows;
  const found: string[] = [];
  for (const { table_name, column_name } of list) {
    const result = (await t.db.execute(
      sql`select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${'%' + needle + '%'} limit 1`,
    )) as unknown as { rows: unknown[] } | unknown[];
    if ((Array.isArray(result) ? result : result.rows).length > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe('delete my account', { timeout: 120_000 }, () => {
  it('is refused with a hold open, then erases personal data, files and sessions, keeping what others need', async () => {
    const client = await t.createUser('client', { firstName: 'Zelphinea' });
    const expert = await t.createUser('expert');
    const avatarKey = `avatars/${client.id}/face.png`;
    await t.providers.storage.put(avatarKey, PNG_BYTES, { contentType: 'image/png' });
    await t.db.update(profiles).set({ avatar_url: `/api/avatars/${client.id}/face.png` }).where(eq(profiles.id, client.id));
    const held = await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'assigned', payment_status: 'authorized' });
    const done = await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'completed', payment_status: 'captured' });
    await createMessage(t.db, { task_id: done.id, sender_id: client.id, receiver_id: expert.id, content: 'Thanks for the photos' });
    await createReview(t.db, { task_id: done.id, reviewer_id: client.id, reviewee_id: expert.id });

    const remove = (password: string, cookie = client.cookie) => t.request('POST', '/api/account/delete', { body: { password }, cookie });
    expect((await t.request('POST', '/api/account/delete', { body: { password: TEST_PASSWORD } })).status).toBe(401);
    expect((await remove('')).status).toBe(400);
    expect((await remove('wrong-password')).status).toBe(400);
    const refused = await remove(TEST_PASSWORD);
    expect(refused.status).toBe(409);
    expect((await t.json<{ error: { message: string } }>(refused)).error.message).toBe(messages.accountControl.deleteRefusedMoneyInFlight);

    await t.db.execute(sql`update tasks set payment_status = 'captured', status = 'completed' where id = ${held.id}`);
    const deleted = await remove(TEST_PASSWORD);
    expect(deleted.status).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie: client.cookie })).status).toBe(401);
    const signIn = await t.request('POST', '/api/auth/sign-in/email', { body: { email: client.email, password: TEST_PASSWORD }, remoteAddress: '10.22.9.1' });
    expect(signIn.status).toBe(401);
    expect(await t.providers.storage.get(avatarKey)).toBeNull();

    expect(await tablesHolding(client.email)).toEqual([]);
    expect(await tablesHolding('Zelphinea')).toEqual([]);
    // What the other party keeps: the message and the review, now from "Deleted user".
    const kept = await t.json<{ messages: Array<{ content: string }> }>(
      await t.request('GET', `/api/tasks/${done.id}/messages`, { cookie: expert.cookie }),
    );
    expect(kept.messages.map((m) => m.content)).toContain('Thanks for the photos');
  });

  it('is refused while a capture is not yet paid out, and allowed once the payout delay has passed', async () => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    const task = await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'completed', payment_status: 'captured' });
    await createTransaction(t.db, { task_id: task.id, status: 'captured', updated_at: t.clock.now() });
    const remove = (cookie: string) => t.request('POST', '/api/account/delete', { body: { password: TEST_PASSWORD }, cookie });

    // The expert is paid by that capture: both sides wait for the payout.
    for (const user of [expert, client]) {
      const refused = await remove(user.cookie);
      expect(refused.status).toBe(409);
      expect((await t.json<{ error: { message: string } }>(refused)).error.message).toBe(messages.accountControl.deleteRefusedMoneyInFlight);
    }
    t.clock.advance((PAYOUT_DELAY_DAYS * 24 + 1) * 60 * 60 * 1000);
    expect((await remove(expert.cookie)).status).toBe(200);
  });
});
