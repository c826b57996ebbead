import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { OfferAnswer, OffersResponse } from '@shared/schemas/offers.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import { notifications, tasks, transactions } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { authorize, localOf, payableExpert } from '../payments/payments.test-helpers';
import { taskInput } from '../tasks/tasks.test-helpers';

const offersText = messages.offers;
let t: TestApp;
let client: TestUser;
let otherClient: TestUser;
let otherExpert: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [client, otherClient, otherExpert, admin] = await Promise.all([
    t.createUser('client'),
    t.createUser('client'),
    t.createUser('expert'),
    t.createUser('admin'),
  ]);
});
afterAll(() => t.close());

const post = (path: string, user: TestUser | null, body?: unknown) => t.request('POST', path, { body, cookie: user?.cookie });
async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
async function refused(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

/** An open task of `client` with one application at $120 from a payable expert. */
async function applied() {
  const expert = await payableExpert(t);
  const { task } = await ok<{ task: TaskDto }>(await post('/api/tasks', client, taskInput({ budget: 10_000 })), 201);
  const { application } = await ok<{ application: { id: string } }>(
    await post(`/api/tasks/${task.id}/applications`, expert, { proposed_rate: 12_000, notes: 'I can look at it tomorrow.' }),
    201,
  );
  const base = `/api/tasks/${task.id}/applications/${application.id}/offers`;
  return { task, expert, applicationId: application.id, base };
}

const offersOf = (base: string, user: TestUser) => t.request('GET', base, { cookie: user.cookie });

describe('counter-offers before a hire (issue 51)', () => {
  it('runs three rounds (client, expert, client), refuses a fourth, and the hold equals the agreed rate', async () => {
    const { task, expert, applicationId, base } = await applied();
    const first = await ok<OfferAnswer>(await post(base, client, { amount: 10_000, note: 'My budget is $100.' }), 201);
    expect(first.offer).toMatchObject({ round: 1, proposed_by: 'client', status: 'pending', amount: 10_000, previous_amount: 12_000 });
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, expert.id), eq(notifications.type, 'offer_proposed'), eq(notifications.task_id, task.id)));
    expect(told?.message).toContain('My budget is $100.');

    const second = await ok<OfferAnswer>(await post(`${base}/${first.offer.id}/counter`, expert, { amount: 11_000, note: 'Meet at $110?' }), 201);
    expect(second.offer).toMatchObject({ round: 2, proposed_by: 'expert', status: 'pending' });
    // The counter is for the client to answer, not the expert who sent it.
    expect(await refused(await post(`${base}/${second.offer.id}/accept`, expert), 403)).toBe(offersText.notYourTurn);
    const third = await ok<OfferAnswer>(await post(`${base}/${second.offer.id}/counter`, client, { amount: 10_500, note: 'Final: $105.' }), 201);
    expect(third.offer.round).toBe(3);
    const fourth = await post(`${base}/${third.offer.id}/counter`, expert, { amount: 10_800, note: 'One more?' });
    expect(await refused(fourth, 409)).toBe(format(offersText.maxRounds, { max: 3 }));

    const accepted = await ok<OfferAnswer>(await post(`${base}/${third.offer.id}/accept`, expert));
    expect(accepted).toMatchObject({ rate: 10_500, offer: { status: 'accepted' } });
    const history = await ok<OffersResponse>(await offersOf(base, client));
    expect(history.offers.map((offer) => offer.status)).toEqual(['countered', 'countered', 'accepted']);
    expect(history).toMatchObject({ rate: 10_500, rounds_left: 0, you: 'client' });
    expect((await ok<OffersResponse>(await offersOf(base, expert))).you).toBe('expert');
    expect(await refused(await post(base, client, { amount: 9_000, note: 'And lower?' }), 409)).toBe(format(offersText.maxRounds, { max: 3 }));

    await ok(await post(`/api/tasks/${task.id}/assign`, client, { application_id: applicationId }));
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.budget).toBe(10_500);
    const intent = await authorize(t, { taskId: task.id, client });
    expect((await localOf(t).retrievePaymentIntent(intent.paymentIntentId)).amountCents).toBe(10_500);
    // The admin transactions show the rate agreed by counter-offer.
    const [ledger] = await t.db.select().from(transactions).where(eq(transactions.task_id, task.id));
    const page = await ok<{ rows: Array<{ id: string; offer_amount: number | null }> }>(
      await t.request('GET', `/api/admin/transactions?search=${ledger.id}`, { cookie: admin.cookie }),
    );
    expect(page.rows.find((row) => row.id === ledger.id)?.offer_amount).toBe(10_500);
  });

  it('refuses a hire while a proposal waits; the proposer may withdraw it, then the hire is at the current rate', async () => {
    const { task, expert, applicationId, base } = await applied();
    const { offer } = await ok<OfferAnswer>(await post(base, client, { amount: 9_000, note: 'Would $90 work?' }), 201);
    expect(await refused(await post(`/api/tasks/${task.id}/assign`, client, { application_id: applicationId }), 409)).toBe(
      offersText.hireWhileOfferPending,
    );
    expect(await refused(await post(`${base}/${offer.id}/withdraw`, expert), 403)).toBe(offersText.notProposer);
    expect((await ok<OfferAnswer>(await post(`${base}/${offer.id}/withdraw`, client))).offer.status).toBe('withdrawn');
    await ok(await post(`/api/tasks/${task.id}/assign`, client, { application_id: applicationId }));
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.budget).toBe(12_000);
    // After the hire the application takes no more proposals.
    expect(await refused(await post(base, client, { amount: 9_500, note: 'Too late?' }), 409)).toBe(offersText.applicationNotOpen);
  });

  it('lets the expert decline: the rate stays, and the client may propose again', async () => {
    const { expert, base } = await applied();
    const { offer } = await ok<OfferAnswer>(await post(base, client, { amount: 9_000, note: 'Would $90 work?' }), 201);
    expect(await refused(await post(base, client, { amount: 9_100, note: 'Or $91?' }), 409)).toBe(offersText.offerPending);
    const declined = await ok<OfferAnswer>(await post(`${base}/${offer.id}/decline`, expert));
    expect(declined).toMatchObject({ rate: 12_000, offer: { status: 'declined' } });
    expect(await refused(await post(`${base}/${offer.id}/accept`, expert), 409)).toBe(offersText.noPendingOffer);
    expect((await ok<OfferAnswer>(await post(base, client, { amount: 11_000, note: 'Then $110?' }), 201)).offer.round).toBe(2);
  });

  it('refuses bad input with a clear 400', async () => {
    const { base } = await applied();
    expect(await refused(await post(base, client, { note: 'No amount' }), 400)).toBe(offersText.amountRequired);
    expect(await refused(await post(base, client, { amount: 12.5, note: 'Fraction' }), 400)).toBe(offersText.amountInvalid);
    expect(await refused(await post(base, client, { amount: 10_000, note: '  ' }), 400)).toBe(offersText.noteRequired);
    expect(await refused(await post(base, client, { amount: 10_000, note: 'x'.repeat(501) }), 400)).toBe(
      format(offersText.noteTooLong, { max: 500 }),
    );
    expect(await refused(await post(base, client, { amount: 12_000, note: 'Same rate' }), 400)).toBe(offersText.sameRate);
  });

  it('answers 403/404 to the wrong people', async () => {
    const { expert, base } = await applied();
    expect(await refused(await post(base, expert, { amount: 10_000, note: 'Experts counter, not open' }), 403)).toBe(offersText.onlyClientProposes);
    expect(await refused(await post(base, admin, { amount: 10_000, note: 'Admins watch' }), 403)).toBe(offersText.onlyClientProposes);
    await refused(await post(base, otherClient, { amount: 10_000, note: 'Not my task' }), 404);
    await refused(await post(base, otherExpert, { amount: 10_000, note: 'Not my application' }), 404);
    await refused(await offersOf(base, otherExpert), 404);
    expect((await ok<OffersResponse>(await offersOf(base, admin))).you).toBeNull();
    const { offer } = await ok<OfferAnswer>(await post(base, client, { amount: 10_000, note: 'Would $100 work?' }), 201);
    expect(await refused(await post(`${base}/${offer.id}/accept`, client), 403)).toBe(offersText.notYourTurn);
    await refused(await post(`${base}/${offer.id}/accept`, otherExpert), 404);
    expect(await refused(await post(`${base}/not-a-uuid/accept`, expert), 409)).toBe(offersText.noPendingOffer);
  });

  it('parallel accepts: one wins, the rest are told nothing waits', async () => {
    const { expert, base } = await applied();
    const { offer } = await ok<OfferAnswer>(await post(base, client, { amount: 10_000, note: 'Would $100 work?' }), 201);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(`${base}/${offer.id}/accept`, expert)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await ok<OffersResponse>(await offersOf(base, client))).rate).toBe(10_000);
  });

  it('a parallel proposal and hire: exactly one wins, and a hire never leaves a proposal pending', async () => {
    for (let i = 0; i < 3; i++) {
      const { task, applicationId, base } = await applied();
      const [proposal, hire] = await Promise.all([
        post(base, client, { amount: 10_000, note: 'Would $100 work?' }),
        post(`/api/tasks/${task.id}/assign`, client, { application_id: applicationId }),
      ]);
      // Either the proposal went first (the hire is refused) or the hire did (the proposal is refused).
      expect([[201, 409], [409, 200]]).toContainEqual([proposal.status, hire.status]);
      const history = await ok<OffersResponse>(await offersOf(base, client));
      const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
      if (row.status === 'assigned') expect(history.offers.filter((o) => o.status === 'pending')).toHaveLength(0);
    }
  });
});

