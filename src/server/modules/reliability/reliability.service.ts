import { completedAsAgreed, pauseDue, pauseEndText, RELIABILITY, type CompletedAsAgreed, type ReliabilityEventKind } from '@shared/domain/reliability';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { insertNotifications } from '../notifications/notifications.repository';
import { expertCancelTimes, expertOutcomes, lockExpertRecord, pauseInForce, recordEvent, upsertPause } from './reliability.repository';

const text = messages.reliability;

/**
 * Records that an event went against a user, inside the transaction of the change that caused it
 * (a cancel, a refused report). Once per task, user and kind.
 */
export async function recordReliabilityEvent(
  tx: Db,
  params: { userId: string; taskId: string | null; kind: Exclude<ReliabilityEventKind, 'expert_cancel'>; now: Date },
): Promise<void> {
  await recordEvent(tx, params);
}

/**
 * The hired expert cancelled (declined, abandoned or cancelled): recorded in the transaction of the
 * cancel, and on the third within 30 days their new applications pause for 7 days, with a notification
 * that says why (decision 0457). Returns the pause's end when this cancel set one.
 */
export async function recordExpertCancel(tx: Db, params: { expertId: string; taskId: string; now: Date }): Promise<Date | null> {
  const { expertId, taskId, now } = params;
  await lockExpertRecord(tx, expertId);
  if (!(await recordEvent(tx, { userId: expertId, taskId, kind: 'expert_cancel', now }))) return null;
  const since = new Date(now.getTime() - RELIABILITY.pauseLookbackMs);
  if (!pauseDue(await expertCancelTimes(tx, { expertId, since }), now)) return null;
  const until = new Date(now.getTime() + RELIABILITY.pauseMs);
  await upsertPause(tx, { expertId, until, now });
  await insertNotifications(tx, [
    {
      user_id: expertId,
      type: 'applications_paused',
      title: text.notifyPausedTitle,
      message: format(text.notifyPaused, { until: pauseEndText(until) }),
      task_id: taskId,
      data: { paused_until: until.toISOString() },
    },
  ]);
  return until;
}

/** Refuses an application while the expert's pause is in force, with its reason and end. */
export async function assertMayApply(db: Db, expertId: string, now: Date): Promise<void> {
  const pause = await pauseInForce(db, expertId, now);
  if (pause) throw conflict(format(text.applicationsPaused, { until: pauseEndText(pause.paused_until) }));
}

/** The expert's pause in force for their own dashboard, or null. */
export async function pauseOf(db: Db, expertId: string, now: Date): Promise<{ paused_until: string; reason: string } | null> {
  const pause = await pauseInForce(db, expertId, now);
  return pause
    ? { paused_until: pause.paused_until.toISOString(), reason: format(text.applicationsPaused, { until: pauseEndText(pause.paused_until) }) }
    : null;
}

/** The public "Completed as agreed" share, or null below five outcomes. */
export async function completedAsAgreedOf(db: Db, expertId: string): Promise<CompletedAsAgreed | null> {
  return completedAsAgreed(await expertOutcomes(db, expertId));
}
