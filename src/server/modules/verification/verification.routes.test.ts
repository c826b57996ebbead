import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationInitiateResponse, VerificationStatusResponse } from '@shared/schemas/verification.schemas';
import { expertProfiles, expertVerificationRecords, notifications } from '../../db/schema';
import { LocalVerificationProvider } from '../../providers/verification';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { finishedTask, reviewThroughApi } from './verification.test-helpers';
import { verificationRoutes } from './verification.routes';

let t: TestApp;
let local: LocalVerificationProvider;
beforeAll(async () => {
  t = await createTestApp();
  local = t.providers.verification as LocalVerificationProvider;
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: { code: string; message: string } };
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
const status = async (user: TestUser | null, expertId?: string) =>
  t.request('GET', `/api/verification/status${expertId ? `?expert_id=${expertId}` : ''}`, { cookie: user?.cookie });
const initiate = (user: TestUser | null, body: unknown = { level: 'background_check' }) =>
  t.request('POST', '/api/verification/initiate', { body, cookie: user?.cookie });
const recordsOf = (expertId: string, level: 'background_check' | 'community_trust') =>
  t.db
    .select()
    .from(expertVerificationRecords)
    .where(and(eq(expertVerificationRecords.expert_id, expertId), eq(expertVerificationRecords.verification_level, level)));
const notificationsOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.user_id, userId));
const referenceOf = (url: string) => url.split('/').at(-1)!;

/** Starts a check and decides it on the local provider's hosted page logic (consent, then the decision). */
async function runCheck(expert: TestUser, decision: 'approve' | 'reject') {
  const body = (await (await initiate(expert)).json()) as VerificationInitiateResponse;
  const reference = referenceOf(body.hosted_apply_url!);
  await local.recordConsent(reference);
  await local.decide(reference, decision);
  return reference;
}

describe('GET /api/verification/status', () => {
  it('gives an expert both badges unverified, progress 0 of 2', async () => {
    const expert = await t.createUser('expert');
    const response = await status(expert);
    expect(response.status).toBe(200);
    const body = (await response.json()) as VerificationStatusResponse;
    expect(body.success).toBe(true);
    expect(body.status).toMatchObject({
      community_trusted: false,
      community_trusted_at: null,
      background_verified: false,
      background_verified_at: null,
      positive_review_count: 0,
      background_check: 'none',
    });
    expect(body.status.badges.map((b) => [b.level, b.name, b.verified])).toEqual([
      ['community_trust', 'Community Trusted', false],
      ['background_check', 'Background Checked', false],
    ]);
    expect(body.progress).toEqual({ percentage: 0, completed: 0, total: 2 });
  });

  it("shows anyone another expert's badges by expert_id; unknown ids are 404, bad ids 400", async () => {
    const expert = await t.createUser('expert');
    expect((await status(null, expert.id)).status).toBe(200);
    expect((await status(await t.createUser('client'), expert.id)).status).toBe(200);
    expect((await status(null, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await status(null, 'not-a-uuid')).status).toBe(400);
  });

  it('asks a signed-out caller without expert_id to sign in, and a client to create an expert profile', async () => {
    expect((await status(null)).status).toBe(401);
    const response = await status(await t.createUser('client'));
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toMatch(/^You need to create an expert profile first/);
  });
});

describe('POST /api/verification/initiate', () => {
  it('answers the hosted apply page of the provider and records a pending request', async () => {
    const expert = await t.createUser('expert');
    const response = await initiate(expert, { level: 'background_check', metadata: { source: 'profile' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as VerificationInitiateResponse;
    expect(body.hosted_apply_url).toMatch(/\/dev\/verification\/sessions\/vs_local_/);
    const [record] = await recordsOf(expert.id, 'background_check');
    expect(record).toMatchObject({ status: 'pending', provider: 'local', provider_reference: referenceOf(body.hosted_apply_url!) });
    expect(((await (await status(expert)).json()) as VerificationStatusResponse).status.background_check).toBe('pending');
  });

  it('gives parallel starts one request and one provider session', async () => {
    const expert = await t.createUser('expert');
    const responses = await Promise.all([initiate(expert), initiate(expert), initiate(expert)]);
    const urls = await Promise.all(responses.map(async (r) => ((await r.json()) as VerificationInitiateResponse).hosted_apply_url));
    expect(new Set(urls).size).toBe(1);
    expect(await recordsOf(expert.id, 'background_check')).toHaveLength(1);
  });

  it('refuses bad input with 400', async () => {
    const expert = await t.createUser('expert');
    const oversized = { level: 'background_check', metadata: { note: 'x'.repeat(100_000) } };
    const tooMany = { level: 'background_check', metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) };
    for (const body of [{}, { level: 'gold' }, { level: 'background_check', metadata: 'x' }, oversized, tooMany]) {
      expect((await initiate(expert, body)).status).toBe(400);
    }
  });

  it('refuses signed-out callers, clients (with the spec text) and requests for another expert', async () => {
    expect((await initiate(null)).status).toBe(401);
    const client = await initiate(await t.createUser('client'));
    expect(client.status).toBe(403);
    expect((await errorOf(client)).message).toBe(
      'You need to create an expert profile first. Complete the expert application to request verification.',
    );
    const expert = await t.createUser('expert');
    const other = await t.createUser('expert');
    const wrongUser = await initiate(expert, { level: 'background_check', metadata: { expert_id: other.id } });
    expect(wrongUser.status).toBe(403);
    expect(await recordsOf(other.id, 'background_check')).toHaveLength(0);
    expect(await recordsOf(expert.id, 'background_check')).toHaveLength(0);
  });

  it('refuses a second background check once verified (409), and community trust before the rule holds', async () => {
    const expert = await t.createUser('expert');
    await runCheck(expert, 'approve');
    const again = await initiate(expert);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('Your background check is already complete');
    const trust = await initiate(expert, { level: 'community_trust' });
    expect(trust.status).toBe(409);
  });

  it('turns a provider failure into "Failed to initiate verification"', async () => {
    const expert = await t.createUser('expert');
    const original = local.startCheck.bind(local);
    local.startCheck = async () => {
      throw new Error('down');
    };
    try {
      const response = await initiate(expert);
      expect(response.status).toBe(502);
      expect((await errorOf(response)).message).toBe('Failed to initiate verification');
    } finally {
      local.startCheck = original;
    }
  });
});

describe('POST /api/webhooks/verification', () => {
  it('applies an approval once: one decided record, the badge, one notification, even when replayed', async () => {
    const expert = await t.createUser('expert');
    const body = (await (await initiate(expert)).json()) as VerificationInitiateResponse;
    const reference = referenceOf(body.hosted_apply_url!);
    // The person decides on the provider's page; the event is then replayed to the HTTP route twice.
    local.setWebhookReceiver(async () => {});
    try {
      await local.recordConsent(reference);
      await local.decide(reference, 'approve');
    } finally {
      // Building the routes registers the real receiver again (the hosted page's in-process delivery).
      verificationRoutes(t.context);
    }
    const { rawBody, signature } = await local.buildEventFor(reference);
    const send = () =>
      t.request('POST', '/api/webhooks/verification', { body: rawBody, headers: { 'content-type': 'application/json', 'x-local-signature': signature } });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect(await second.json()).toEqual({ received: true, duplicate: true });

    const records = await recordsOf(expert.id, 'background_check');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'approved', provider_reference: reference });
    expect(records[0].decided_at).not.toBeNull();
    const [profile] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
    expect(profile.background_verified_at).not.toBeNull();
    const sent = (await notificationsOf(expert.id)).filter((n) => n.type === 'verification_approved');
    expect(sent).toHaveLength(1);
    expect(sent[0].title).toBe('Background Check Approved');
    const after = (await (await status(null, expert.id)).json()) as VerificationStatusResponse;
    expect(after.status).toMatchObject({ background_verified: true, background_check: 'approved' });
    expect(after.progress).toEqual({ percentage: 50, completed: 1, total: 2 });
  });

  it('records a rejection without the badge and tells the expert', async () => {
    const expert = await t.createUser('expert');
    // The hosted page delivers in-process to the same handler as the route.
    await runCheck(expert, 'reject');
    const [record] = await recordsOf(expert.id, 'background_check');
    expect(record.status).toBe('rejected');
    const body = (await (await status(expert)).json()) as VerificationStatusResponse;
    expect(body.status).toMatchObject({ background_verified: false, background_check: 'rejected' });
    expect((await notificationsOf(expert.id)).map((n) => n.type)).toContain('verification_rejected');
  });

  it('refuses a body whose signature does not match (400) and writes nothing', async () => {
    const expert = await t.createUser('expert');
    const body = (await (await initiate(expert)).json()) as VerificationInitiateResponse;
    const reference = referenceOf(body.hosted_apply_url!);
    const { rawBody } = await local.buildEventFor(reference);
    const forged = rawBody.replace('requires_input', 'verified');
    const attempts: Record<string, string>[] = [{ 'x-local-signature': local.sign(rawBody) }, {}];
    for (const headers of attempts) {
      const response = await t.request('POST', '/api/webhooks/verification', {
        body: forged,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(response.status).toBe(400);
    }
    const [record] = await recordsOf(expert.id, 'background_check');
    expect(record.status).toBe('pending');
  });
});

describe('community trust', () => {
  it('is granted by the fifth positive review (4.0+ average), not the fourth, and recorded', async () => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    for (let i = 0; i < 4; i += 1) {
      const task = await finishedTask(t, client, expert, `Task ${i}`);
      await reviewThroughApi(t, client, task.id, i % 2 === 0 ? 5 : 4);
    }
    let body = (await (await status(expert)).json()) as VerificationStatusResponse;
    expect(body.status).toMatchObject({ community_trusted: false, positive_review_count: 4 });
    expect(await recordsOf(expert.id, 'community_trust')).toHaveLength(0);

    const fifth = await finishedTask(t, client, expert, 'Task 5');
    await reviewThroughApi(t, client, fifth.id, 4);
    body = (await (await status(expert)).json()) as VerificationStatusResponse;
    expect(body.status).toMatchObject({ community_trusted: true, positive_review_count: 5 });
    expect(body.status.community_trusted_at).toBe(t.clock.now().toISOString());
    const records = await recordsOf(expert.id, 'community_trust');
    expect(records.map((r) => [r.status, r.provider])).toEqual([['approved', 'rule']]);
    expect((await notificationsOf(expert.id)).filter((n) => n.type === 'verification_approved')).toHaveLength(1);
    expect((await initiate(expert, { level: 'community_trust' })).status).toBe(200);
  });

  it('needs the 4.0 average too, and is withdrawn when the average falls below it', async () => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    const ratings = [4, 4, 4, 4, 1, 4];
    const trusted: boolean[] = [];
    for (const [i, rating] of ratings.entries()) {
      const task = await finishedTask(t, client, expert, `Rated ${i}`);
      await reviewThroughApi(t, client, task.id, rating);
      trusted.push(((await (await status(expert)).json()) as VerificationStatusResponse).status.community_trusted);
    }
    // After 6 reviews: 5 positive but an average of 3.5.
    expect(trusted).toEqual([false, false, false, false, false, false]);

    const other = await t.createUser('expert');
    for (const [i, rating] of [5, 5, 5, 5, 5, 1, 1].entries()) {
      const task = await finishedTask(t, client, other, `Other ${i}`);
      await reviewThroughApi(t, client, task.id, rating);
    }
    const body = (await (await status(other)).json()) as VerificationStatusResponse;
    expect(body.status.community_trusted).toBe(false);
    expect((await recordsOf(other.id, 'community_trust')).map((r) => r.status).sort()).toEqual(['approved', 'rejected']);
  });
});
