import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The on-site contact's link (issue 49, decision 0424): `<task id>.<contact version>.<HMAC>`, signed
 * with the server secret. A new contact bumps the version, so an older link stops working; nothing
 * is stored but the version.
 */
const signature = (secret: string, taskId: string, version: number) =>
  createHmac('sha256', secret).update(`onsite:${taskId}:${version}`).digest('base64url');

export function onsiteToken(secret: string, taskId: string, version: number): string {
  return `${taskId}.${version}.${signature(secret, taskId, version)}`;
}

/** The task and version a token names, or null when it is malformed or its signature does not match. */
export function readOnsiteToken(secret: string, token: string): { taskId: string; version: number } | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const taskId = match[1]!;
  const version = Number(match[2]);
  const expected = Buffer.from(signature(secret, taskId, version));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { taskId, version } : null;
}
