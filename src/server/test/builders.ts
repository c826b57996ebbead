import { randomUUID } from 'node:crypto';
import type { TaskStatus } from '@shared/domain/task-status';
import type { Db } from '../db/client';
import { eq } from 'drizzle-orm';
import {
  clientReviews,
  clientFlags,
  disputes,
  evidenceChangeRequests,
  noAccessReports,
  expertProfiles,
  jobs,
  localPaymentAccounts,
  localPaymentIntents,
  messages,
  notifications,
  reviews,
  taskApplications,
  taskInvitations,
  tasks,
  transactions,
} from '../db/schema';
import type { FileStorage } from '../providers/storage';

/**
 * Test data builders, one per resource (Epic Stack style): `createX(db, overrides)` inserts a valid
 * row straight into the database and returns it, so a test states only what matters to it. They skip
 * the API on purpose (fast, any state reachable); tests of a route's own rules use the route.
 */

export type NewTask = typeof tasks.$inferInsert;
export type NewApplication = typeof taskApplications.$inferInsert;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Central Park: the test users' experts are in New York, so tasks there are "nearby". */
export const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };

/** The task every test inserts or posts unless it says otherwise. */
const TASK_DEFAULTS = {
  title: 'Inspect a used car before purchase',
  description: 'Please inspect the car remotely and send photos and a video of the engine and body.',
  requirements: 'Photos of every side, the engine bay, the tyres and the dashboard.',
  category: 'vehicle',
  urgency: 'medium',
  budget: 15_000,
  location: 'New York, New York, United States',
  ...NEW_YORK,
} as const;

export function taskValues(overrides: Partial<NewTask> & { client_id: string }): NewTask {
  const now = overrides.created_at ?? new Date();
  return {
    ...TASK_DEFAULTS,
    due_date: new Date(now.getTime() + 7 * DAY_MS),
    status: 'open',
    payment_status: 'unpaid',
    published_at: now,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** The same task as a POST /api/tasks body, due in a week. */
export function taskInput(overrides: Record<string, unknown> = {}) {
  return { ...TASK_DEFAULTS, due_date: new Date(Date.now() + 7 * DAY_MS).toISOString(), ...overrides };
}

export async function createTask(db: Db, overrides: Partial<NewTask> & { client_id: string }) {
  const [row] = await db.insert(tasks).values(taskValues(overrides)).returning();
  return row!;
}

/**
 * `count` tasks of one client in a few multi-row inserts, one second apart from `overrides.created_at`
 * (or now) backwards: for lists and counts that need more rows than one by one would be quick.
 */
export async function createTasks(db: Db, count: number, overrides: Partial<NewTask> & { client_id: string }) {
  const start = (overrides.created_at ?? new Date()).getTime();
  const ids: string[] = [];
  for (let from = 0; from < count; from += 500) {
    const values = Array.from({ length: Math.min(500, count - from) }, (_, i) =>
      taskValues({ ...overrides, created_at: new Date(start - (from + i) * 1_000) }),
    );
    const rows = await db.insert(tasks).values(values).returning({ id: tasks.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export async function createApplication(db: Db, overrides: Partial<NewApplication> & { task_id: string; expert_id: string }) {
  const [row] = await db
    .insert(taskApplications)
    .values({ proposed_rate: 12_000, notes: 'I can do this today with photos and video.', status: 'pending', ...overrides })
    .returning();
  return row!;
}

export async function createReview(
  db: Db,
  overrides: Partial<typeof reviews.$inferInsert> & { task_id: string; reviewer_id: string; reviewee_id: string },
) {
  const [row] = await db.insert(reviews).values({ rating: 5, comment: 'Thorough and quick, great photos.', ...overrides }).returning();
  return row!;
}

/** A client's invitation of an expert to a task (issue 23); created now unless told. */
export async function createInvitation(
  db: Db,
  overrides: Partial<typeof taskInvitations.$inferInsert> & { task_id: string; client_id: string; expert_id: string },
) {
  const [row] = await db.insert(taskInvitations).values(overrides).returning();
  return row!;
}

/** The assigned expert's review of the client (two-way reviews, issue 23). */
export async function createClientReview(
  db: Db,
  overrides: Partial<typeof clientReviews.$inferInsert> & { task_id: string; expert_id: string; client_id: string },
) {
  const [row] = await db.insert(clientReviews).values({ rating: 5, comment: 'Clear brief and paid promptly.', ...overrides }).returning();
  return row!;
}

export async function createClientFlag(
  db: Db,
  overrides: Partial<typeof clientFlags.$inferInsert> & { task_id: string; expert_id: string; client_id: string },
) {
  const [row] = await db.insert(clientFlags).values({ reason: 'Never paid', severity: 'warning', ...overrides }).returning();
  return row!;
}

export async function createNotification(
  db: Db,
  overrides: Partial<typeof notifications.$inferInsert> & { user_id: string },
) {
  const [row] = await db
    .insert(notifications)
    .values({ type: 'assignment', title: 'Task update', message: 'Something happened.', ...overrides })
    .returning();
  return row!;
}

export async function createTransaction(
  db: Db,
  overrides: Partial<typeof transactions.$inferInsert> & { task_id: string },
) {
  const [row] = await db
    .insert(transactions)
    .values({ amount: 15_000, platform_fee: 1_500, status: 'authorized', ...overrides })
    .returning();
  return row!;
}

/** A chat message of a task, text by default (`is_file` with an `attachment_url` storage key for a file). */
export async function createMessage(
  db: Db,
  overrides: Partial<typeof messages.$inferInsert> & { task_id: string; sender_id: string; receiver_id: string },
) {
  const [row] = await db.insert(messages).values({ content: 'Hello, is the car still there?', ...overrides }).returning();
  return row!;
}

/** A client's rejection of a task's evidence, open by default. */
export async function createDispute(
  db: Db,
  overrides: Partial<typeof disputes.$inferInsert> & { task_id: string; opened_by: string },
) {
  const [row] = await db.insert(disputes).values({ reason: 'The photos do not show the engine.', ...overrides }).returning();
  return row!;
}

/** The embedded payment provider's record of an expert's connected account, fully enabled. */
export async function createLocalPaymentAccount(db: Db, overrides: Partial<typeof localPaymentAccounts.$inferInsert> & { id: string }) {
  const [row] = await db
    .insert(localPaymentAccounts)
    .values({ details_submitted: true, charges_enabled: true, payouts_enabled: true, ...overrides })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Makes the experts' test payout accounts (acct_test_...) known to the embedded payment provider. */
export async function registerLocalPaymentAccounts(db: Db, expertIds: string[]) {
  for (const id of expertIds) {
    const [expert] = await db.select().from(expertProfiles).where(eq(expertProfiles.id, id));
    if (expert?.stripe_account_id) await createLocalPaymentAccount(db, { id: expert.stripe_account_id });
  }
}

/** The embedded payment provider's intent, by default a hold awaiting capture. */
export async function createLocalPaymentIntent(
  db: Db,
  overrides: Partial<typeof localPaymentIntents.$inferInsert> & { id: string; destination: string },
) {
  const [row] = await db
    .insert(localPaymentIntents)
    .values({
      client_secret: `${overrides.id}_secret_test`,
      amount: 15_000,
      currency: 'usd',
      application_fee_amount: 1_500,
      status: 'requires_capture',
      payment_method: 'pm_card_visa',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A tiny PNG (signature and IHDR header): enough for the content checks. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/**
 * A task of `clientId` in `status` with every field that status implies (the hired expert, the hold,
 * the evidence...), plus the applications of `applicants` (pending) and of the hired expert
 * (accepted). With `storage`, a pending_approval (or later) task gets a real evidence file; a disputed
 * task gets the client's open dispute.
 */
export async function createTaskAt(
  db: Db,
  options: {
    status: TaskStatus;
    clientId: string;
    expertId?: string;
    applicantIds?: string[];
    now?: Date;
    storage?: FileStorage;
    overrides?: Partial<NewTask>;
  },
) {
  const now = options.now ?? new Date();
  const { status, expertId } = options;
  const hired = !['pending', 'open'].includes(status) && expertId !== undefined;
  const paid = ['in_progress', 'pending_approval', 'completed', 'verified', 'disputed', 'changes_requested', 'no_access_reported'].includes(status);
  const withEvidence = ['pending_approval', 'completed', 'verified', 'disputed', 'changes_requested'].includes(status);
  const id = randomUUID();
  const evidenceKey = `evidence/${id}/1-photo.png`;
  if (withEvidence && options.storage) await options.storage.put(evidenceKey, PNG_BYTES, { contentType: 'image/png' });
  const task = await createTask(db, {
    id,
    client_id: options.clientId,
    status,
    expert_id: hired ? expertId : null,
    assigned_at: hired ? now : null,
    payment_status: status === 'verified' || status === 'completed' ? 'captured' : paid ? 'authorized' : 'unpaid',
    stripe_payment_intent_id: paid ? `pi_test_${id.slice(0, 8)}` : null,
    authorization_hold_expires_at: paid ? new Date(now.getTime() + 7 * DAY_MS) : null,
    started_at: paid ? now : null,
    evidence_files: withEvidence ? [evidenceKey] : [],
    completion_notes: withEvidence ? 'All done: photos of every side attached.' : null,
    submitted_at: withEvidence ? now : null,
    completed_at: status === 'verified' || status === 'completed' ? now : null,
    cancelled_at: status === 'cancelled' ? now : null,
    created_at: now,
    updated_at: now,
    ...options.overrides,
  });
  if (paid && hired && task.stripe_payment_intent_id) {
    const [expert] = await db.select().from(expertProfiles).where(eq(expertProfiles.id, expertId));
    await createLocalPaymentIntent(db, {
      id: task.stripe_payment_intent_id,
      destination: expert?.stripe_account_id ?? 'acct_unknown',
      amount: task.budget,
      capture_before: task.authorization_hold_expires_at,
      status: task.payment_status === 'captured' ? 'succeeded' : 'requires_capture',
      amount_captured: task.payment_status === 'captured' ? task.budget : 0,
    });
  }
  if (status === 'disputed') await createDispute(db, { task_id: task.id, opened_by: options.clientId, created_at: now, updated_at: now });
  // Issue 50: a round of changes the expert still owes.
  if (status === 'changes_requested') {
    await db.insert(evidenceChangeRequests).values({ task_id: task.id, round: 1, item_ids: [], note: 'The back of the car is missing.', requested_by: options.clientId, requested_at: now });
  }
  // Issue 50: the expert's no-access report, still open to the client's contest.
  if (status === 'no_access_reported') {
    await db.insert(noAccessReports).values({
      task_id: task.id,
      expert_id: hired ? expertId : null,
      window_start: new Date(now.getTime() - HOUR_MS),
      window_end: now,
      photos: [],
      fee_due_at: new Date(now.getTime() + 48 * HOUR_MS),
      created_at: now,
      updated_at: now,
    });
  }
  for (const applicant of options.applicantIds ?? []) await createApplication(db, { task_id: task.id, expert_id: applicant });
  if (hired) await createApplication(db, { task_id: task.id, expert_id: expertId, status: 'accepted' });
  return task;
}

/** A job of the durable queue; `failed: true` gives one that used up its attempts, with a last error. */
export async function createJob(db: Db, overrides: Partial<typeof jobs.$inferInsert> & { failed?: boolean } = {}) {
  const { failed, ...values } = overrides;
  const [row] = await db
    .insert(jobs)
    .values({
      kind: 'deliver-email',
      key: `test-job:${randomUUID()}`,
      run_at: new Date(),
      ...(failed ? { attempts: 5, max_attempts: 5, last_error: 'smtp refused' } : {}),
      ...values,
    })
    .returning();
  return row!;
}
