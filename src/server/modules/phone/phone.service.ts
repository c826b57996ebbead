import { PHONE, type PhoneSendLimits } from '@shared/constants';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { PhoneActionResultDto, PhoneVerificationStatusDto } from '@shared/schemas/phone.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { SmsSender } from '../../providers/sms';
import { findProfile } from '../profiles/profiles.repository';
import { generateVerificationCode, hashVerificationCode, verificationHashesMatch } from './phone-codes';
import {
  countAttempt,
  findPhoneVerification,
  markVerified,
  storeNewCode,
  withdrawCode,
  type PhoneVerificationRow,
} from './phone.repository';
import { releasePhoneCodeSend, reservePhoneCodeSend } from './phone-send-limits';

export interface PhoneServiceDeps {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  /** Keys the code hashes (the server's auth secret). */
  codeSecret: string;
  /** Codes per number and per caller address (PHONE_SEND_LIMITS). */
  sendLimits: PhoneSendLimits;
  /** Injectable for unit tests; a cryptographic random code otherwise. */
  generateCode?: () => string;
}

/**
 * Milliseconds until a new code may be sent, 0 when allowed now. The rule is "more than 60 s after
 * the last send", so the first allowed moment is one millisecond past the 60 s.
 */
export function resendWaitMs(
  row: Pick<PhoneVerificationRow, 'last_attempt_at'> | undefined,
  now: Date,
): number {
  if (!row?.last_attempt_at) return 0;
  const firstAllowed = row.last_attempt_at.getTime() + PHONE.resendCooldownMs + 1;
  return Math.max(0, firstAllowed - now.getTime());
}

/**
 * Whole seconds until the 60 s mark, rounded up so a countdown never ends early, and never 0 while
 * the wait lasts (at the mark itself one more millisecond is needed).
 */
const waitSeconds = (waitMs: number) => (waitMs > 0 ? Math.max(1, Math.ceil((waitMs - 1) / 1000)) : 0);

/** What the caller may know: never the code or its hash. */
export function toPhoneStatusDto(
  row: PhoneVerificationRow | undefined,
  now: Date,
): PhoneVerificationStatusDto {
  if (!row) {
    return {
      phone_number: null,
      is_verified: false,
      code_pending: false,
      code_expires_at: null,
      can_resend_at: null,
      resend_in_seconds: 0,
      attempts_remaining: 0,
    };
  }
  const pending = !row.is_verified && row.verification_code !== null && row.code_expires_at !== null;
  const waitMs = row.is_verified ? 0 : resendWaitMs(row, now);
  return {
    phone_number: row.phone_number,
    is_verified: row.is_verified,
    code_pending: pending,
    code_expires_at: pending ? row.code_expires_at!.toISOString() : null,
    can_resend_at: waitMs > 0 ? new Date(now.getTime() + waitMs).toISOString() : null,
    resend_in_seconds: waitSeconds(waitMs),
    attempts_remaining: pending ? Math.max(0, PHONE.maxAttempts - row.verification_attempts) : 0,
  };
}

/** Why a code cannot be checked now, in the spec's order: exists, not expired, attempts left. */
function refusalFor(row: PhoneVerificationRow | undefined, now: Date): AppError | null {
  if (row?.is_verified) return conflict(messages.phone.alreadyVerified);
  if (!row?.verification_code || !row.code_expires_at) return notFound(messages.phone.codeNotFound);
  if (row.code_expires_at.getTime() <= now.getTime()) return badRequest(messages.phone.codeExpired);
  if (row.verification_attempts >= PHONE.maxAttempts)
    return new AppError('too_many_requests', messages.phone.tooManyAttempts);
  return null;
}

export function createPhoneService(deps: PhoneServiceDeps) {
  const { db, clock, sms, codeSecret } = deps;
  const generateCode = deps.generateCode ?? generateVerificationCode;

  return {
    async status(userId: string): Promise<PhoneVerificationStatusDto> {
      return toPhoneStatusDto(await findPhoneVerification(db, userId), clock.now());
    },

    /** Sends a new code to `phoneNumber` (E.164, already validated): a first send or a resend. */
    async sendCode(userId: string, phoneNumber: string, clientIp: string | null = null): Promise<PhoneActionResultDto> {
      const now = clock.now();
      const [existing, profile] = await Promise.all([
        findPhoneVerification(db, userId),
        findProfile(db, userId),
      ]);
      if (!profile) throw notFound(messages.profile.notFound);
      if (existing?.is_verified) throw conflict(messages.phone.alreadyVerified);
      const wait = resendWaitMs(existing, now);
      if (wait > 0) throw cooldownError(wait);

      // Limits per destination number and per caller address, whoever the account is (decision 0030).
      const reservation = await reservePhoneCodeSend(db, { phoneNumber, clientIp, userId, now, limits: deps.sendLimits });
      const code = generateCode();
      const codeHash = hashVerificationCode(codeSecret, userId, code);
      const stored = await storeNewCode(db, {
        userId,
        phoneNumber,
        codeHash,
        expiresAt: new Date(now.getTime() + PHONE.codeTtlMs),
        now,
        cooldownCutoff: new Date(now.getTime() - PHONE.resendCooldownMs),
      });
      if (!stored) {
        await releasePhoneCodeSend(db, reservation);
        // A parallel send (or verification) won between the read and the write.
        const current = await findPhoneVerification(db, userId);
        if (current?.is_verified) throw conflict(messages.phone.alreadyVerified);
        throw cooldownError(Math.max(1, resendWaitMs(current, now)));
      }

      try {
        await sms.send({
          to: phoneNumber,
          body: format(messages.phone.smsBody, { code, minutes: PHONE.codeTtlMs / 60_000 }),
        });
      } catch (error) {
        await withdrawCode(db, { userId, codeHash, now });
        await releasePhoneCodeSend(db, reservation);
        throw new AppError('provider_error', messages.phone.sendFailed, { details: error });
      }

      const isResend = existing?.last_attempt_at != null && existing.phone_number === phoneNumber;
      return {
        success: true,
        message: isResend ? messages.phone.newCodeSent : messages.phone.codeSent,
        status: toPhoneStatusDto(stored, now),
      };
    },

    /** Checks a 6-digit code; every check counts as one of the code's 3 attempts. */
    async verifyCode(userId: string, code: string): Promise<PhoneActionResultDto> {
      const now = clock.now();
      const refusal = refusalFor(await findPhoneVerification(db, userId), now);
      if (refusal) throw refusal;

      const counted = await countAttempt(db, { userId, now, maxAttempts: PHONE.maxAttempts });
      if (!counted) {
        // Another request changed the row since the read: explain the state it left.
        throw (
          refusalFor(await findPhoneVerification(db, userId), now) ??
          new AppError('too_many_requests', messages.phone.tooManyAttempts)
        );
      }

      const submittedHash = hashVerificationCode(codeSecret, userId, code);
      if (!counted.verification_code || !verificationHashesMatch(counted.verification_code, submittedHash)) {
        throw badRequest(messages.phone.codeInvalid);
      }

      const verified = await markVerified(db, { userId, codeHash: counted.verification_code, now });
      // Lost only to a resend that replaced the code a moment ago: the matched code is no longer valid.
      if (!verified) throw badRequest(messages.phone.codeInvalid);
      return { success: true, message: messages.phone.verified, status: toPhoneStatusDto(verified, now) };
    },
  };
}

function cooldownError(waitMs: number): AppError {
  return new AppError(
    'too_many_requests',
    format(messages.phone.resendCooldown, { seconds: waitSeconds(waitMs) }),
  );
}

export type PhoneService = ReturnType<typeof createPhoneService>;
