import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ApplicationDto, CaptureResultDto, TaskDto } from '@shared/schemas/task-api';
import { createApp } from '../../app';
import type { Db } from '../../db/client';
import { notifications, tasks } from '../../db/schema';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { taskInput } from '../../test/builders';
import { createTestApp, TEST_ORIGIN, type TestUser } from '../../test/test-app';
import type { TaskPayments } from '../payments/task-payments';
import type { TasksModuleDeps } from './tasks.deps';

export { taskInput };

/** New York, where createUser('expert') puts experts by default. */
export const NYC = { latitude: 40.7128, longitude: -74.006 };
/** Far from every test expert (the middle of the South Pacific). */
export const NOWHERE = { latitude: -40, longitude: -130 };

/**
 * A TaskPayments that records its calls and fails when told to. On success it does to the task what
 * the payments module does: a void clears the payment fields, a capture marks the payment captured.
 */
export class FakeTaskPayments implements TaskPayments {
  cancelCalls: Array<{ taskId: string; intentId: string | null; reason: string }> = [];
  captureCalls: string[] = [];
  /** The amount and platform fee of each capture that stated them (a partial capture, a call-out fee). */
  captureAmounts: Array<{ taskId: string; amountCents?: number; feeCents?: number }> = [];
  failCancel = false;
  failCapture = false;

  constructor(private readonly db: Db) {}

  async cancelHold(task: { id: string; stripe_payment_intent_id: string | null }, reason: string): Promise<void> {
    this.cancelCalls.push({ taskId: task.id, intentId: task.stripe_payment_intent_id, reason });
    if (!task.stripe_payment_intent_id) return;
    if (this.failCancel) throw new PaymentProviderError('unavailable', 'The payment provider is unavailable.');
    await this.db
      .update(tasks)
      .set({ payment_status: 'unpaid', stripe_payment_intent_id: null, authorization_hold_expires_at: null })
      .where(
        and(
          eq(tasks.id, task.id),
          eq(tasks.stripe_payment_intent_id, task.stripe_payment_intent_id),
          ne(tasks.payment_status, 'captured'),
        ),
      );
  }

  async capture(
    task: { id: string; stripe_payment_intent_id: string | null },
    options: { amountCents?: number; feeCents?: number } = {},
  ): Promise<CaptureResultDto> {
    this.captureCalls.push(task.id);
    if (options.amountCents !== undefined) this.captureAmounts.push({ taskId: task.id, ...options });
    if (this.failCapture) {
      return { success: false, payment_intent_id: task.stripe_payment_intent_id, amount_captured: 0, error: 'down' };
    }
    const [row] = await this.db
      .update(tasks)
      .set({ payment_status: 'captured' })
      .where(
        and(
          eq(tasks.id, task.id),
          eq(tasks.payment_status, 'authorized'),
          // A cancelled booking's call-out fee is captured too (issue 50), always with its amount.
          inArray(tasks.status, options.amountCents === undefined ? ['verified', 'completed'] : ['verified', 'completed', 'cancelled']),
        ),
      )
      .returning();
    return { success: Boolean(row), payment_intent_id: task.stripe_payment_intent_id, amount_captured: row ? (options.amountCents ?? row.budget) : 0 };
  }

  reset() {
    this.cancelCalls = [];
    this.captureCalls = [];
    this.captureAmounts = [];
    this.failCancel = false;
    this.failCapture = false;
  }
}

/** createTestApp with the tasks module on a FakeTaskPayments; `request` goes to that app. */
export async function createTasksTestApp(options: { env?: Record<string, string>; redisPrefix?: string } = {}) {
  const t = await createTestApp({ env: options.env, redisPrefix: options.redisPrefix });
  const payments = new FakeTaskPayments(t.db);
  const deps: TasksModuleDeps = { ...t.context, taskPayments: payments };
  const app = createApp(deps);
  async function request(
    method: string,
    path: string,
    init: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const isForm = init.body instanceof FormData;
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const body = init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body);
    return app.request(`${TEST_ORIGIN}${path}`, { method, headers, body });
  }
  return { ...t, app, request, payments };
}

export type TasksTestApp = Awaited<ReturnType<typeof createTasksTestApp>>;

/**
 * One tasks test app and its cast for a whole test file: made before the first test, closed after
 * the last, and handed to `receive`; `resetPayments` clears the fake provider before each test.
 */
export function useTasksTestApp(
  receive: (suite: { h: TasksTestApp; cast: Cast }) => void,
  options: { resetPayments?: boolean; env?: () => Record<string, string> } = {},
): void {
  let h: TasksTestApp | undefined;
  beforeAll(async () => {
    h = await createTasksTestApp({ env: options.env?.() });
    receive({ h, cast: await castOf(h) });
  });
  if (options.resetPayments) beforeEach(() => h!.payments.reset());
  afterAll(async () => {
    await h?.close();
  });
}

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

/** Expects the status and returns the error message. */
export async function expectError(response: Response, status: number): Promise<string> {
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  }
  return (await errorOf(response)).message;
}

export async function okJson<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}


export async function createTask(h: TasksTestApp, client: TestUser, overrides: Record<string, unknown> = {}) {
  const body = await okJson<{ task: TaskDto }>(
    await h.request('POST', '/api/tasks', { body: taskInput(overrides), cookie: client.cookie }),
    201,
  );
  return body.task;
}

export async function apply(h: TasksTestApp, expert: TestUser, taskId: string, proposedRate = 12_000) {
  const body = await okJson<{ application: ApplicationDto }>(
    await h.request('POST', `/api/tasks/${taskId}/applications`, {
      body: { proposed_rate: proposedRate, notes: 'I can do this today with photos and video.' },
      cookie: expert.cookie,
    }),
    201,
  );
  return body.application;
}

export async function assign(h: TasksTestApp, client: TestUser, taskId: string, applicationId: string) {
  return okJson<{ task: TaskDto; message: string }>(
    await h.request('POST', `/api/tasks/${taskId}/assign`, { body: { application_id: applicationId }, cookie: client.cookie }),
  );
}

/** What the payments module does once the card is authorized: the task's hold, straight in the table. */
export async function authorize(h: TasksTestApp, taskId: string, holdMs = 7 * 86_400_000) {
  await h.db
    .update(tasks)
    .set({
      payment_status: 'authorized',
      stripe_payment_intent_id: `pi_test_${taskId.slice(0, 8)}`,
      authorization_hold_expires_at: new Date(h.clock.now().getTime() + holdMs),
    })
    .where(eq(tasks.id, taskId));
}

export async function taskRow(h: TasksTestApp, taskId: string) {
  const [row] = await h.db.select().from(tasks).where(eq(tasks.id, taskId));
  return row;
}

export async function notificationsOf(h: TasksTestApp, userId: string, taskId?: string) {
  const rows = await h.db.select().from(notifications).where(eq(notifications.user_id, userId));
  return rows.filter((row) => !taskId || row.task_id === taskId);
}

/** A tiny file whose first bytes are a PNG's (or plain text, which is no image). */
export function imageFile(name = 'photo.png', size?: number, kind: 'png' | 'jpeg' | 'text' = 'png'): File {
  const heads = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
    jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0],
    text: Array.from('just some text, not a photo', (char) => char.charCodeAt(0)),
  };
  const head = heads[kind];
  const bytes = new Uint8Array(Math.max(size ?? head.length, head.length));
  bytes.set(head);
  return new File([bytes], name, { type: kind === 'text' ? 'text/plain' : `image/${kind}` });
}

export function evidenceForm(notes: string | undefined, files: File[]): FormData {
  const form = new FormData();
  if (notes !== undefined) form.set('completion_notes', notes);
  for (const file of files) form.append('files', file);
  return form;
}

export interface Cast {
  client: TestUser;
  expert: TestUser;
  otherExpert: TestUser;
  otherClient: TestUser;
  admin: TestUser;
}

/** The five roles of the matrix (the experts near New York, so tasks there pass the proximity check). */
export async function castOf(h: TasksTestApp): Promise<Cast> {
  const [client, expert, otherExpert, otherClient, admin] = await Promise.all([
    h.createUser('client'),
    h.createUser('expert'),
    h.createUser('expert'),
    h.createUser('client'),
    h.createUser('admin'),
  ]);
  return { client, expert, otherExpert, otherClient, admin };
}

export type Stage = 'open' | 'assigned' | 'authorized' | 'in_progress' | 'pending_approval' | 'verified';

/**
 * A task of `cast.client` taken up to `stage` with `cast.expert` hired (their application is
 * returned). With `rival`, `cast.otherExpert` applied too (and so still sees the task later).
 */
export async function taskAt(
  h: TasksTestApp,
  cast: Cast,
  stage: Stage,
  options: { rival?: boolean; task?: Record<string, unknown> } = {},
) {
  const task = await createTask(h, cast.client, options.task);
  const application = await apply(h, cast.expert, task.id);
  if (options.rival) await apply(h, cast.otherExpert, task.id);
  if (stage === 'open') return { task, application };
  await assign(h, cast.client, task.id, application.id);
  if (stage === 'assigned') return { task, application };
  await authorize(h, task.id);
  if (stage === 'authorized') return { task, application };
  await okJson(await h.request('POST', `/api/tasks/${task.id}/accept`, { cookie: cast.expert.cookie }));
  if (stage === 'in_progress') return { task, application };
  await okJson(
    await h.request('POST', `/api/tasks/${task.id}/evidence`, {
      body: evidenceForm('All done: photos of every side attached.', [imageFile()]),
      cookie: cast.expert.cookie,
    }),
  );
  if (stage === 'pending_approval') return { task, application };
  await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence/confirm`, { cookie: cast.client.cookie }));
  return { task, application };
}
