import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { messages } from '@shared/messages';
import type { DataExportDto } from '@shared/schemas/account-control.schemas';
import { devOutbox, evidenceFiles, expertProfiles, notificationPreferences, profiles } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import {
  createApplication,
  createMessage,
  createNotification,
  createReview,
  createTask,
  createTransaction,
  PNG_BYTES,
} from '../../test/builders';
import { EXPORT_TTL_MS } from './data-export.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type ExportList = { exports: DataExportDto[] };
/** The parts of data.json these tests read. */
interface ExportJson {
  account: { email: string };
  profile: { first_name: string };
  expert_profile: { id: string };
  tasks: Array<{ title: string; your_role: string }>;
  applications: { sent: unknown[]; received: unknown[] };
  messages: Array<{ content: string; direction: string }>;
  reviews: { given: Array<{ comment: string }>; received: Array<{ comment: string }> };
  evidence: unknown[];
  payments: unknown[];
  notifications: Array<{ type: string }>;
  consent: { notification_preferences: unknown[]; expert_terms_accepted_at: string | null };
}
const ask = (user: TestUser) => t.request('POST', '/api/account/exports', { cookie: user.cookie });
const list = async (user: TestUser) => (await t.json<ExportList>(await t.request('GET', '/api/account/exports', { cookie: user.cookie }))).exports;
const errorOf = async (response: Response) => (await t.json<{ error: { message: string } }>(response)).error.message;

/** A client with something in every category, and an expert on the other side with private data of their own. */
async function clientWithHistory() {
  const client = await t.createUser('client', { firstName: 'Oriane' });
  const expert = await t.createUser('expert', { firstName: 'Bertrand' });
  await t.providers.storage.put(`avatars/${client.id}/me.png`, PNG_BYTES, { contentType: 'image/png' });
  await t.db.update(profiles).set({ avatar_url: `/api/avatars/${client.id}/me.png` }).where(eq(profiles.id, client.id));
  const documentKey = `verification-documents/${expert.id}/passport.png`;
  await t.providers.storage.put(documentKey, PNG_BYTES, { contentType: 'image/png' });
  await t.db.update(expertProfiles).set({ document_url: documentKey }).where(eq(expertProfiles.id, expert.id));

  const task = await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'completed', payment_status: 'captured', title: 'Inspect the blue van' });
  await createApplication(t.db, { task_id: task.id, expert_id: expert.id, status: 'accepted', notes: 'I can go on Monday' });
  await createMessage(t.db, { task_id: task.id, sender_id: client.id, receiver_id: expert.id, content: 'Please check the tyres' });
  await createMessage(t.db, { task_id: task.id, sender_id: expert.id, receiver_id: client.id, content: 'Tyres look fine' });
  await createReview(t.db, { task_id: task.id, reviewer_id: client.id, reviewee_id: expert.id, comment: 'Thorough work' });
  await createTransaction(t.db, { task_id: task.id, status: 'captured', amount: 20_000, platform_fee: 2_000 });
  await createNotification(t.db, { user_id: client.id, type: 'payment_captured', title: 'Payment captured', message: 'Paid' });
  await t.db.insert(notificationPreferences).values({ user_id: client.id, category: 'announcements', channel: 'email', enabled: false });

  // Someone else entirely: their task and messages must not appear.
  const stranger = await t.createUser('client', { firstName: 'Stranger' });
  const elsewhere = await createTask(t.db, { client_id: stranger.id, expert_id: expert.id, title: 'A stranger task' });
  await createMessage(t.db, { task_id: elsewhere.id, sender_id: expert.id, receiver_id: stranger.id, content: 'Secret to the stranger' });
  return { client, expert, stranger, task };
}

describe('export my data', { timeout: 120_000 }, () => {
  it('builds an archive of every category, mails the owner, and lets only the owner download it until it expires', async () => {
    const { client, expert, stranger, task } = await clientWithHistory();

    const asked = await ask(client);
    expect(asked.status).toBe(202);
    const { export: queued } = await t.json<{ export: DataExportDto }>(asked);
    expect(queued.status).toBe('pending');
    expect(queued.download_url).toBeNull();

    // One a day.
    const again = await ask(client);
    expect(again.status).toBe(429);
    expect(await errorOf(again)).toBe(messages.accountControl.exportTooSoon);

    await t.context.jobs.runDue();
    const [ready] = await list(client);
    expect(ready).toMatchObject({ id: queued.id, status: 'ready', download_url: `/api/account/exports/${queued.id}/download` });
    const mails = await t.db.select().from(devOutbox).where(eq(devOutbox.recipient, client.email));
    expect(mails.map((mail) => mail.subject).join()).toContain(messages.accountControl.exportReadyTitle);

    // Only the owner, signed in.
    expect((await t.request('GET', ready.download_url!)).status).toBe(401);
    expect((await t.request('GET', ready.download_url!, { cookie: expert.cookie })).status).toBe(404);
    expect((await t.request('GET', ready.download_url!, { cookie: stranger.cookie })).status).toBe(404);
    expect(await list(expert)).toEqual([]);

    const download = await t.request('GET', ready.download_url!, { cookie: client.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const archive = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const data = JSON.parse(strFromU8(archive['data.json']!)) as ExportJson;
    expect(data.profile.first_name).toBe('Oriane');
    expect(data.account.email).toBe(client.email);
    expect(data.tasks.map((row) => row.title)).toEqual(['Inspect the blue van']);
    expect(data.applications.received).toHaveLength(1);
    expect(data.messages.map((row) => `${row.direction}:${row.content}`)).toEqual([
      'sent:Please check the tyres',
      'received:Tyres look fine',
    ]);
    expect(data.reviews.given.map((row) => row.comment)).toEqual(['Thorough work']);
    expect(data.payments).toEqual([expect.objectContaining({ task_id: task.id, amount: 20_000, your_role: 'client', expert_payout: 18_000 })]);
    expect(data.notifications.map((row) => row.type)).toContain('payment_captured');
    expect(data.consent.notification_preferences).toEqual([expect.objectContaining({ category: 'announcements', enabled: false })]);
    expect(Object.keys(archive)).toEqual(expect.arrayContaining(['data.json', 'files/avatar/me.png']));

    // Nothing of anyone else's private data: no other email, no other document, no other task.
    const everything = strFromU8(archive['data.json']!);
    for (const secret of [expert.email, stranger.email, 'passport', 'Secret to the stranger', 'A stranger task']) {
      expect(everything).not.toContain(secret);
    }
    expect(Object.keys(archive).some((name) => name.includes('passport'))).toBe(false);

    // Expired: the link answers 404 and the archive is removed from storage.
    t.clock.advance(EXPORT_TTL_MS + 1000);
    await t.context.jobs.runDue();
    expect((await t.request('GET', ready.download_url!, { cookie: client.cookie })).status).toBe(404);
    expect((await list(client))[0]!.status).toBe('expired');
    expect(await t.providers.storage.get(`exports/${client.id}/${ready.id}.zip`)).toBeNull();
  });

  it("gives an expert their own evidence files and the work they applied for, and only one export for parallel requests", async () => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    const task = await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'completed' });
    await createApplication(t.db, { task_id: task.id, expert_id: expert.id, status: 'accepted' });
    await createReview(t.db, { task_id: task.id, reviewer_id: client.id, reviewee_id: expert.id, comment: 'Quick and clear' });
    // A review still sealed by the double-blind rule stays out of the reviewee's export too.
    const sealedTask = await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'completed' });
    await createReview(t.db, {
      task_id: sealedTask.id,
      reviewer_id: client.id,
      reviewee_id: expert.id,
      comment: 'Sealed until both have reviewed',
      hidden_until: new Date(t.clock.now().getTime() + 86_400_000),
    });
    const photoKey = `evidence/${expert.id}/1_roof.png`;
    await t.providers.storage.put(photoKey, PNG_BYTES, { contentType: 'image/png' });
    await t.db.insert(evidenceFiles).values({ task_id: task.id, position: 0, storage_key: photoKey, content_type: 'image/png', size: PNG_BYTES.length, sha256: 'abc' });

    const answers = await Promise.all([ask(expert), ask(expert), ask(expert)]);
    expect(answers.map((response) => response.status).sort()).toEqual([202, 429, 429]);
    await t.context.jobs.runDue();
    const [ready] = await list(expert);
    const archive = unzipSync(new Uint8Array(await (await t.request('GET', ready!.download_url!, { cookie: expert.cookie })).arrayBuffer()));
    const data = JSON.parse(strFromU8(archive['data.json']!)) as ExportJson;
    expect(data.tasks.every((row) => row.your_role === 'expert')).toBe(true);
    expect(data.evidence).toEqual([expect.objectContaining({ storage_key: photoKey, in_archive: true })]);
    expect(archive[`files/evidence/${task.id}/1_roof.png`]).toEqual(PNG_BYTES);
    expect(data.applications.sent).toHaveLength(1);
    expect(data.reviews.received.map((row) => row.comment)).toEqual(['Quick and clear']);
    expect(data.expert_profile.id).toBe(expert.id);
    expect(data.consent.expert_terms_accepted_at).not.toBeNull();
    expect(JSON.stringify(data)).not.toContain(client.email);
  });

  it('says Failed once the last attempt fails, and the failed export does not use up the day', async () => {
    const user = await t.createUser('client');
    const put = vi.spyOn(t.providers.storage, 'put').mockRejectedValue(new Error('disk full'));
    try {
      expect((await ask(user)).status).toBe(202);
      for (let attempt = 1; attempt <= 5; attempt++) {
        await t.context.jobs.runDue();
        expect((await list(user))[0]!.status).toBe(attempt < 5 ? 'pending' : 'failed');
        t.clock.advance(2 * 60 * 60 * 1000);
      }
    } finally {
      put.mockRestore();
    }
    expect((await ask(user)).status).toBe(202);
    await t.context.jobs.runDue();
    expect((await list(user)).map((row) => row.status)).toEqual(['ready', 'failed']);
  });

  it('answers a malformed or unknown export id without leaking anything', async () => {
    const user = await t.createUser('client');
    expect((await t.request('GET', '/api/account/exports/not-an-id/download', { cookie: user.cookie })).status).toBe(400);
    const unknown = await t.request('GET', '/api/account/exports/6f1c2b1e-1111-4c4c-8888-123456789abc/download', { cookie: user.cookie });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(messages.accountControl.exportNotFound);
    expect((await t.request('POST', '/api/account/exports')).status).toBe(401);
  });
});
