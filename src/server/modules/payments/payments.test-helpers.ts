import { eq } from 'drizzle-orm';
import type { PaymentIntentDto } from '@shared/schemas/task-api';
import { expertProfiles, taskApplications, tasks } from '../../db/schema';
import type { LocalPaymentProvider } from '../../providers/payments/local-adapter';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import type { TestApp, TestUser } from '../../test/test-app';

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0025 0000 3155',
} as const;

export const localOf = (t: TestApp) => t.providers.payments as LocalPaymentProvider;

/** An expert whose connected account exists at the local provider and can receive payments. */
export async function payableExpert(t: TestApp): Promise<TestUser & { accountId: string }> {
  const expert = await t.createUser('expert');
  const local = localOf(t);
  const { accountId } = await local.createConnectedAccount({
    email: expert.email,
    userId: expert.id,
    idempotencyKey: `test-account-${expert.id}`,
  });
  await local.setAccountState(accountId, 'complete');
  await t.db.update(expertProfiles).set({ stripe_account_id: accountId }).where(eq(expertProfiles.id, expert.id));
  return { ...expert, accountId };
}

export interface AssignedTask {
  taskId: string;
  client: TestUser;
  expert: TestUser & { accountId: string };
  budget: number;
}

/** What the card step needs of a task: its id and the client who pays. */
export type ClientTask = Pick<AssignedTask, 'taskId' | 'client'>;

/** A task in status assigned with an accepted application, as the tasks module's assign leaves it. */
export async function assignedTask(t: TestApp, options: { budget?: number; client?: TestUser } = {}): Promise<AssignedTask> {
  const client = options.client ?? (await t.createUser('client'));
  const expert = await payableExpert(t);
  const budget = options.budget ?? 12_345;
  const now = t.clock.now();
  const [task] = await t.db
    .insert(tasks)
    .values({
      title: 'Inspect a used car before purchase',
      description: 'Photos of the bodywork, the engine bay and a short video of a cold start.',
      budget,
      location: 'New York, New York',
      latitude: 40.7128,
      longitude: -74.006,
      status: 'assigned',
      payment_status: 'unpaid',
      client_id: client.id,
      expert_id: expert.id,
      assigned_at: now,
      published_at: now,
    })
    .returning({ id: tasks.id });
  await t.db.insert(taskApplications).values({
    task_id: task.id,
    expert_id: expert.id,
    status: 'accepted',
    proposed_rate: budget,
    notes: 'I can do this tomorrow morning.',
  });
  return { taskId: task.id, client, expert, budget };
}

export async function createIntent(t: TestApp, task: ClientTask): Promise<PaymentIntentDto> {
  const response = await t.request('POST', '/api/payments/intent', { body: { task_id: task.taskId }, cookie: task.client.cookie });
  if (response.status !== 200) throw new Error(`intent: ${response.status} ${await response.text()}`);
  return t.json<PaymentIntentDto>(response);
}

export const cardBody = (clientSecret: string, number: string = CARDS.ok) => ({
  client_secret: clientSecret,
  card_number: number,
  exp_month: 12,
  exp_year: 2099,
  cvc: '123',
  name: 'Casey Client',
  postal_code: '10001',
});

export const confirmBody = (task: ClientTask, intent: PaymentIntentDto) => ({
  taskId: task.taskId,
  paymentIntentId: intent.paymentIntentId,
  paymentIntentClientSecret: intent.paymentIntentClientSecret,
  action: 'confirm_authorization',
});

/** The whole card step with 4242: intent, local confirm, confirm_authorization. */
export async function authorize(t: TestApp, task: ClientTask): Promise<PaymentIntentDto> {
  const intent = await createIntent(t, task);
  const card = await t.request('POST', '/api/payments/local/confirm', {
    body: cardBody(intent.paymentIntentClientSecret),
    cookie: task.client.cookie,
  });
  if (card.status !== 200) throw new Error(`card: ${card.status} ${await card.text()}`);
  const confirm = await t.request('POST', '/api/payments/confirm', { body: confirmBody(task, intent), cookie: task.client.cookie });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  return intent;
}

/**
 * Replaces some of the payment provider's methods (the rest, including the local-only ones, pass
 * through) until the returned restore function runs. The services read the provider at call time.
 */
export function overrideProvider(t: TestApp, overrides: Partial<Record<keyof PaymentProvider | 'name', unknown>>): () => void {
  const original = t.providers.payments;
  const wrapped = new Proxy(original, {
    get(target, property, receiver) {
      if (typeof property === 'string' && property in overrides) return overrides[property as keyof typeof overrides];
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  t.providers.payments = wrapped;
  return () => {
    t.providers.payments = original;
  };
}
