import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { PhoneSendLimits, SendLimitWindow } from '@shared/constants';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { phoneCodeSends } from '../../db/schema';
import { AppError } from '../../lib/errors';

async function sendsSince(db: Db, where: { phoneNumber?: string; clientIp?: string }, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(phoneCodeSends)
    .where(
      and(
        where.phoneNumber !== undefined ? eq(phoneCodeSends.phone_number, where.phoneNumber) : undefined,
        where.clientIp !== undefined ? eq(phoneCodeSends.client_ip, where.clientIp) : undefined,
        gt(phoneCodeSends.sent_at, since),
      ),
    );
  return Number(row?.n ?? 0);
}

async function exceeded(db: Db, key: { phoneNumber?: string; clientIp?: string }, windows: readonly SendLimitWindow[], now: Date) {
  for (const window of windows) {
    if ((await sendsSince(db, key, new Date(now.getTime() - window.windowMs))) >= window.max) return true;
  }
  return false;
}

/**
 * Reserves one code send for `phoneNumber` from `clientIp`, or answers 429 when the number or the
 * address has used up a window (PHONE_SEND_LIMITS in @shared/constants). Transaction-scoped advisory locks on the number
 * and the address (always in that order) make the count-then-insert exact under parallel requests.
 * Returns the reservation's id, which `releasePhoneCodeSend` removes when the SMS could not be sent.
 */
export async function reservePhoneCodeSend(
  db: Db,
  input: { phoneNumber: string; clientIp: string | null; userId: string; now: Date; limits: PhoneSendLimits },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-number:${input.phoneNumber}`}))`);
    if (input.clientIp) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-ip:${input.clientIp}`}))`);
    if (await exceeded(tx, { phoneNumber: input.phoneNumber }, input.limits.perNumber, input.now)) {
      throw new AppError('too_many_requests', messages.security.tooManyPhoneCodes);
    }
    if (input.clientIp && (await exceeded(tx, { clientIp: input.clientIp }, input.limits.perAddress, input.now))) {
      throw new AppError('too_many_requests', messages.security.tooManyPhoneCodesFromNetwork);
    }
    const [row] = await tx
      .insert(phoneCodeSends)
      .values({ phone_number: input.phoneNumber, client_ip: input.clientIp, user_id: input.userId, sent_at: input.now })
      .returning({ id: phoneCodeSends.id });
    return row!.id;
  });
}

/** Gives a reservation back: the code was never sent (cooldown race lost, or the SMS provider failed). */
export async function releasePhoneCodeSend(db: Db, id: string): Promise<void> {
  await db.delete(phoneCodeSends).where(eq(phoneCodeSends.id, id));
}
