import { createHash, randomBytes } from 'node:crypto';
import { API_KEYS, type ApiKeyScope } from '@shared/constants';
import { messages } from '@shared/messages';
import type { ApiKeyDto, CreateApiKeyInput, CreatedApiKeyDto } from '@shared/schemas/api-keys.schemas';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { countActiveKeysOf, countKeyRequest, findKeyByHash, insertApiKey, listApiKeysOf, revokeApiKey, type ApiKeyRow } from './api-keys.repository';

const text = messages.apiKeys;

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export const toApiKeyDto = (row: ApiKeyRow): ApiKeyDto => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  expires_at: row.expires_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

export async function listKeys(db: Db, userId: string): Promise<ApiKeyDto[]> {
  return (await listApiKeysOf(db, { userId })).map(toApiKeyDto);
}

/** A new key: 32 random bytes (256 bits) after a recognisable prefix; only its hash is kept. */
export async function createKey(db: Db, userId: string, input: CreateApiKeyInput, now: Date): Promise<CreatedApiKeyDto> {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw badRequest(text.invalidExpiry, { expires_at: text.invalidExpiry });
  if ((await countActiveKeysOf(db, { userId })) >= API_KEYS.maxPerUser) throw new AppError('conflict', text.tooManyKeys);
  const secret = `${API_KEYS.prefix}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiKey(db, {
    userId,
    name: input.name,
    prefix: secret.slice(0, API_KEYS.shownChars),
    keyHash: hashApiKey(secret),
    scopes: input.scopes,
    expiresAt,
    now,
  });
  return { api_key: toApiKeyDto(row), secret };
}

export async function revokeKey(db: Db, userId: string, id: string, now: Date): Promise<ApiKeyDto> {
  const row = await revokeApiKey(db, { userId, id, now });
  // Someone else's key answers like a missing one.
  if (!row) throw notFound(text.notFound);
  return toApiKeyDto(row);
}

/** What the request-authentication middleware learns of a key (src/server/http/api-key-auth.ts). */
export type KeyCheck =
  | { ok: false; reason: 'invalid' | 'admin' }
  | {
      ok: true;
      keyId: string;
      scopes: readonly string[];
      user: { id: string; email: string; emailVerified: boolean; name: string };
    };

/**
 * The key's owner, when the key may act now: not revoked, not expired, its owner neither suspended nor
 * deleted. Read from the database on every request (no cache), so a revocation holds at once everywhere.
 */
export async function checkApiKey(db: Db, key: string, now: Date): Promise<KeyCheck> {
  const found = await findKeyByHash(db, { keyHash: hashApiKey(key) });
  if (!found) return { ok: false, reason: 'invalid' };
  const { key: row } = found;
  if (row.revoked_at || (row.expires_at && row.expires_at.getTime() <= now.getTime())) return { ok: false, reason: 'invalid' };
  if (found.suspendedAt || found.deletedAt) return { ok: false, reason: 'invalid' };
  // Admin rights are never reachable with a key: an admin's keys are refused outright.
  if (found.isAdmin) return { ok: false, reason: 'admin' };
  return {
    ok: true,
    keyId: row.id,
    scopes: row.scopes,
    user: { id: row.user_id, email: found.email, emailVerified: found.emailVerified, name: found.name },
  };
}

/** Counts a request of the key; the window's count and when it ends. */
export async function countApiKeyRequest(db: Db, keyId: string, now: Date): Promise<{ count: number; resetAt: Date }> {
  const counted = await countKeyRequest(db, {
    id: keyId,
    now,
    windowMs: API_KEYS.rateLimit.windowMs,
    lastUsedResolutionMs: API_KEYS.lastUsedResolutionMs,
  });
  const windowStart = counted?.windowStart ?? now;
  return { count: counted?.count ?? 1, resetAt: new Date(windowStart.getTime() + API_KEYS.rateLimit.windowMs) };
}
