import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE } from '@shared/constants';

/** A uniformly random code of PHONE.codeLength digits, leading zeros kept ("004211"). */
export function generateVerificationCode(): string {
  return String(randomInt(0, 10 ** PHONE.codeLength)).padStart(PHONE.codeLength, '0');
}

/**
 * What is stored instead of the code: HMAC-SHA-256 keyed with the server secret, over the user id
 * and the code. A plain SHA-256 of a 6-digit code is reversed by trying all million codes; the key
 * makes a leaked table useless without the secret, and the user id keeps equal codes of two users
 * from having equal hashes (docs/decisions/0030-phone-codes.md).
 */
export function hashVerificationCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

/** Compares a stored hash with the hash of a submitted code in constant time. */
export function verificationHashesMatch(storedHash: string, submittedHash: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  const submitted = Buffer.from(submittedHash, 'hex');
  return stored.length === submitted.length && stored.length > 0 && timingSafeEqual(stored, submitted);
}
