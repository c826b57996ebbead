import { and, eq, gt, isNotNull, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneVerifications } from '../../db/schema';

export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;

export async function findPhoneVerification(
  db: Db,
  userId: string,
): Promise<PhoneVerificationRow | undefined> {
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.user_id, userId));
  return row;
}

/**
 * Stores a new code for the user, only when the last send is older than `cooldownCutoff` and the
 * number is not verified yet: one conditional upsert, so two parallel sends never both win.
 * Returns undefined when the cooldown (or a verified number) refused it.
 */
export async function storeNewCode(
  db: Db,
  params: {
    userId: string;
    phoneNumber: string;
    codeHash: string;
    expiresAt: Date;
    now: Date;
    cooldownCutoff: Date;
  },
): Promise<PhoneVerificationRow | undefined> {
  const fresh = {
    phone_number: params.phoneNumber,
    is_verified: false,
    verification_code: params.codeHash,
    code_expires_at: params.expiresAt,
    verification_attempts: 0,
    last_attempt_at: params.now,
    updated_at: params.now,
  };
  const [row] = await db
    .insert(phoneVerifications)
    .values({ user_id: params.userId, ...fresh })
    .onConflictDoUpdate({
      target: phoneVerifications.user_id,
      set: fresh,
      setWhere: and(
        eq(phoneVerifications.is_verified, false),
        or(
          isNull(phoneVerifications.last_attempt_at),
          lt(phoneVerifications.last_attempt_at, params.cooldownCutoff),
        ),
      ),
    })
    .returning();
  return row;
}

/**
 * Undoes a stored code whose SMS could not be sent, so the user may try again at once. Guarded by
 * the code's hash: a newer code stored meanwhile is left alone.
 */
export async function withdrawCode(
  db: Db,
  params: { userId: string; codeHash: string; now: Date },
): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ verification_code: null, code_expires_at: null, last_attempt_at: null, updated_at: params.now })
    .where(
      and(
        eq(phoneVerifications.user_id, params.userId),
        eq(phoneVerifications.verification_code, params.codeHash),
      ),
    );
}

/**
 * Counts one verification attempt, atomically and only while the code exists, has not expired and
 * fewer than `maxAttempts` attempts were made: parallel wrong codes can never exceed the limit.
 * Returns the row after counting (with the code hash to compare), or undefined when refused.
 */
export async function countAttempt(
  db: Db,
  params: { userId: string; now: Date; maxAttempts: number },
): Promise<PhoneVerificationRow | undefined> {
  const [row] = await db
    .update(phoneVerifications)
    .set({
      verification_attempts: sql`${phoneVerifications.verification_attempts} + 1`,
      updated_at: params.now,
    })
    .where(
      and(
        eq(phoneVerifications.user_id, params.userId),
        eq(phoneVerifications.is_verified, false),
        isNotNull(phoneVerifications.verification_code),
        gt(phoneVerifications.code_expires_at, params.now),
        lt(phoneVerifications.verification_attempts, params.maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Marks the number verified and forgets the code, if the code is still the one that was matched. */
export async function markVerified(
  db: Db,
  params: { userId: string; codeHash: string; now: Date },
): Promise<PhoneVerificationRow | undefined> {
  const [row] = await db
    .update(phoneVerifications)
    .set({ is_verified: true, verification_code: null, code_expires_at: null, updated_at: params.now })
    .where(
      and(
        eq(phoneVerifications.user_id, params.userId),
        eq(phoneVerifications.is_verified, false),
        eq(phoneVerifications.verification_code, params.codeHash),
      ),
    )
    .returning();
  return row;
}
