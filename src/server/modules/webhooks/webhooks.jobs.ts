import { randomUUID } from 'node:crypto';
import { WEBHOOKS } from '@shared/constants';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { enqueueJob, finishJobIn, type JobRow } from '../../jobs/jobs.repository';
import type { JobModule } from '../../jobs/registry';
import type { Clock } from '../../lib/clock';
import { insertNotifications } from '../notifications/notifications.repository';
import { sendWebhook, type WebhookAttempt } from './webhook-sender';
import { signWebhook } from './webhook-signature';
import type { WebhookTargetPolicy } from './webhook-targets';
import {
  claimDelivery,
  failPendingDeliveries,
  findEvent,
  headOfQueue,
  insertDelivery,
  lockEndpoint,
  lockEndpointsOfEvent,
  stalledHeads,
  setEventPayloadOnce,
  updateDelivery,
  updateEndpoint,
  type OutboundEventRow,
  type WebhookEndpointRow,
} from './webhooks.repository';

export const WEBHOOK_PREPARE_JOB = 'webhook_prepare';
/** How often stalled queue heads are looked for, and how late a head must be to count as stalled. */
export const STALL_LOOK_MS = 5 * 60 * 1000;
export const WEBHOOK_DELIVER_JOB = 'webhook_deliver';

/**
 * The object an event is about, as the API shows it to the event's client (the task as GET
 * /api/tasks/:id answers it, the receipt as the receipts list does...). Built by the composition root,
 * which may call every module; null when it is gone (a task deleted with its account).
 */
export type WebhookObjectReader = (event: Pick<OutboundEventRow, 'user_id' | 'subject_kind' | 'subject_id' | 'task_id'>) => Promise<unknown>;

export interface WebhookJobDeps {
  db: Db;
  clock: Clock;
  readObject: WebhookObjectReader;
  policy: WebhookTargetPolicy;
  /** Replaceable in tests of the retry schedule; the real sender otherwise. */
  send?: typeof sendWebhook;
  /**
   * The time a signature carries: the wall clock, not the product clock, since receivers check it
   * against theirs (the development clock control can move the product clock days ahead).
   */
  wallClock?: () => Date;
}

/** The wait before attempt n + 1 after n failed ones: 1 minute, doubling, at most 6 hours. */
export const webhookRetryDelayMs = (failedAttempts: number) =>
  Math.min(WEBHOOKS.firstRetryDelayMs * 2 ** Math.max(0, failedAttempts - 1), WEBHOOKS.maxRetryDelayMs);

/**
 * A job for one send of one delivery. Its key is new each time: the claim (claimDelivery), not the
 * key, keeps one send per delivery and one delivery per endpoint in flight.
 */
export function enqueueDeliverySend(db: Db, deliveryId: string, runAt: Date) {
  return enqueueJob(db, {
    kind: WEBHOOK_DELIVER_JOB,
    key: `${WEBHOOK_DELIVER_JOB}:${deliveryId}:${randomUUID()}`,
    runAt,
    payload: { delivery_id: deliveryId },
    maxAttempts: 3,
  });
}

/**
 * Sends the head of the endpoint's queue when its body is ready (the endpoint's row locked by the
 * caller). A head still being prepared is sent by its prepare job instead.
 */
export async function sendHeadIfReady(tx: Db, params: { endpointId: string; now: Date }) {
  const head = await headOfQueue(tx, { endpointId: params.endpointId });
  if (!head?.ready) return;
  // A head waiting out a retry already has its send job, at its next attempt's time.
  if (head.nextAttemptAt && head.nextAttemptAt.getTime() > params.now.getTime()) return;
  await enqueueDeliverySend(tx, head.id, params.now);
}

/** Queues another delivery of a prepared event at the end of the endpoint's queue (Resend; the endpoint's row locked). */
export async function queueDelivery(tx: Db, params: { endpointId: string; eventId: string; now: Date }) {
  const delivery = await insertDelivery(tx, params);
  await sendHeadIfReady(tx, { endpointId: params.endpointId, now: params.now });
  return delivery;
}

export function webhookJobs(deps: WebhookJobDeps): JobModule {
  const { db, clock } = deps;
  const send = deps.send ?? sendWebhook;
  const wallClock = deps.wallClock ?? (() => new Date());

  /**
   * Fixes the event's body once (the object as its client sees it now), then sends it wherever it is
   * the head of an endpoint's queue (the triggers queued its deliveries with the change).
   */
  async function prepare(job: JobRow) {
    const eventId = String((job.payload as { event_id?: string }).event_id ?? '');
    const event = await findEvent(db, { id: eventId });
    if (!event) return;
    const body =
      event.payload ??
      { id: event.id, type: event.type, created_at: event.created_at.toISOString(), data: { object: (await deps.readObject(event)) ?? null } };
    await db.transaction(async (tx) => {
      const now = clock.now();
      const endpoints = await lockEndpointsOfEvent(tx, { eventId: event.id });
      await setEventPayloadOnce(tx, { id: event.id, payload: body });
      for (const endpoint of endpoints) await sendHeadIfReady(tx, { endpointId: endpoint.id, now });
      // Done in the same transaction: a prepare run twice (a lost lease) changes nothing more.
      await finishJobIn(tx, job, now);
    });
  }

  async function deliver(job: JobRow) {
    const deliveryId = String((job.payload as { delivery_id?: string }).delivery_id ?? '');
    const claimedAt = clock.now();
    const claimed = await claimDelivery(db, {
      id: deliveryId,
      now: claimedAt,
      until: new Date(claimedAt.getTime() + WEBHOOKS.timeoutMs * 6),
    });
    // Sent already, held by another job, waiting behind an earlier one, or its endpoint is disabled.
    if (!claimed) return;
    const { delivery, endpoint, event } = claimed;
    const body = JSON.stringify(event.payload);
    const secrets = signingSecrets(endpoint, claimedAt);
    const attempt = await send({
      url: endpoint.url,
      body,
      policy: deps.policy,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Webhooks/1.0',
        'x-webhook-id': event.id,
        'x-webhook-event': event.type,
        'x-webhook-signature': signWebhook(body, secrets, wallClock()),
      },
    });
    await db.transaction(async (tx) => {
      const now = clock.now();
      // The endpoint's row orders this end of a send against a new delivery being queued.
      const current = await lockEndpoint(tx, { id: endpoint.id });
      const attempts = delivery.attempts + 1;
      const common = { attempts, response_status: attempt.status, last_attempt_at: now, locked_until: null };
      if (attempt.ok) {
        await updateDelivery(tx, { id: delivery.id, changes: { ...common, status: 'succeeded', last_error: null, next_attempt_at: null, delivered_at: now } });
        if (current?.failing_since) await updateEndpoint(tx, { id: endpoint.id, changes: { failing_since: null } });
        await sendHeadIfReady(tx, { endpointId: endpoint.id, now });
        return;
      }
      await recordFailure(tx, { endpoint: current ?? endpoint, deliveryId: delivery.id, attempt, common, now });
    });
  }

  /**
   * Every few minutes, a send for each queue head that should have gone out a while ago and has no
   * one sending it: a send job that failed on our side three times would otherwise leave its
   * endpoint's queue waiting for ever. A duplicate send job is harmless (the claim takes one).
   */
  let lookedAt = 0;
  async function resumeStalled(now: Date) {
    if (now.getTime() - lookedAt < STALL_LOOK_MS) return;
    lookedAt = now.getTime();
    const heads = await stalledHeads(db, { before: new Date(now.getTime() - STALL_LOOK_MS), now, limit: 100 });
    for (const id of heads) await enqueueDeliverySend(db, id, now);
  }

  return {
    name: 'webhooks',
    handlers: { [WEBHOOK_PREPARE_JOB]: prepare, [WEBHOOK_DELIVER_JOB]: deliver },
    schedule: resumeStalled,
    // A slow receiver holds one slot of its own kind only; money and mail have their lanes.
    kindLimits: { [WEBHOOK_DELIVER_JOB]: 4, [WEBHOOK_PREPARE_JOB]: 2 },
    kindTimeoutsMs: { [WEBHOOK_DELIVER_JOB]: WEBHOOKS.timeoutMs * 3, [WEBHOOK_PREPARE_JOB]: 60_000 },
  };
}

/** The secrets that sign now: the current one, and the one before a roll for its 24 hours. */
export function signingSecrets(endpoint: Pick<WebhookEndpointRow, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>, now: Date): string[] {
  const overlap = endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at.getTime() > now.getTime();
  return overlap ? [endpoint.secret, endpoint.previous_secret!] : [endpoint.secret];
}

/**
 * A failed send: tried again after the backoff, or, once the endpoint has failed for 3 days, the
 * endpoint is disabled, what it had pending is marked failed and its owner is told (always by email).
 */
async function recordFailure(
  tx: Db,
  params: {
    endpoint: WebhookEndpointRow;
    deliveryId: string;
    attempt: WebhookAttempt;
    common: { attempts: number; response_status: number | null; last_attempt_at: Date; locked_until: null };
    now: Date;
  },
) {
  const { endpoint, attempt, common, now } = params;
  const failingSince = endpoint.failing_since ?? now;
  const lastError = (attempt.error ?? '').slice(0, WEBHOOKS.answerExcerptChars) || null;
  if (now.getTime() - failingSince.getTime() >= WEBHOOKS.failAfterMs) {
    await updateDelivery(tx, { id: params.deliveryId, changes: { ...common, status: 'failed', last_error: lastError, next_attempt_at: null } });
    await updateEndpoint(tx, {
      id: endpoint.id,
      changes: { disabled_at: now, disabled_reason: 'failing', failing_since: failingSince, updated_at: now },
    });
    await failPendingDeliveries(tx, { endpointId: endpoint.id, error: messages.webhooks.disabledTitle, now });
    await insertNotifications(tx, [
      {
        user_id: endpoint.user_id,
        type: 'webhook_endpoint_disabled',
        title: messages.webhooks.disabledTitle,
        message: format(messages.webhooks.disabledMessage, { url: endpoint.url }),
        task_id: null,
        data: { endpoint_id: endpoint.id },
      },
    ]);
    return;
  }
  const nextAt = new Date(now.getTime() + webhookRetryDelayMs(common.attempts));
  await updateDelivery(tx, { id: params.deliveryId, changes: { ...common, last_error: lastError, next_attempt_at: nextAt } });
  if (!endpoint.failing_since) await updateEndpoint(tx, { id: endpoint.id, changes: { failing_since: now } });
  await enqueueDeliverySend(tx, params.deliveryId, nextAt);
}
