import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY } from '@shared/constants';
import { messages } from '@shared/messages';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest, conflict } from '../lib/errors';
import type { AppEnv } from './context';

const text = messages.apiKeys;
/** 1 to 255 printable ASCII characters (space included), as the header's documentation says. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

type Claim = { caller: string; key: string; method: string; path: string; bodyHash: string };
type StoredRow = typeof idempotencyKeys.$inferSelect;

/**
 * Takes the (caller, key) pair for this request, or returns the row that holds it. A row past the
 * 24-hour window (not pruned yet) or "running" for longer than a request can live (its process died) is
 * replaced; the unique index makes two simultaneous claims end with exactly one winner.
 */
async function claim(db: Db, request: Claim, now: Date): Promise<{ claimedId: string } | { row: StoredRow }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ caller: request.caller, key: request.key, method: request.method, path: request.path, body_hash: request.bodyHash, created_at: now })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { claimedId: inserted.id };
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.caller, request.caller), eq(idempotencyKeys.key, request.key)));
    if (!row) continue; // Deleted in between (a 5xx let go of it): try the insert again.
    const expired = row.created_at.getTime() <= now.getTime() - IDEMPOTENCY.retentionMs;
    const abandoned = row.state === 'running' && row.created_at.getTime() <= now.getTime() - IDEMPOTENCY.abandonedAfterMs;
    if (!expired && !abandoned) return { row };
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
  }
  throw conflict(text.idempotencyInProgress);
}

const storable = (status: number, contentType: string) =>
  // A 5xx lets the client retry; a 429 asks it to. Only text bodies (JSON, errors) can be replayed byte for byte.
  status >= 200 && status < 500 && status !== 429 && (contentType === '' || /^(application\/json|text\/)/.test(contentType));

/**
 * `Idempotency-Key` on POST requests under /api (issue 54, decision 0472): the same key from the same
 * caller with the same method, path and body (SHA-256 of the raw bytes, multipart included) within 24
 * hours replays the first answer's status and body without running the route again; while the first is
 * still running the answer is 409; the same key with another request is 422. Runs after authentication:
 * a request without a caller (signed out) is not remembered, so one anonymous caller never meets another's answer.
 */
export function idempotency(options: { db: Db; now(): Date }): MiddlewareHandler<AppEnv> {
  const { db } = options;
  const replayOrRecord: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!VALID_KEY.test(key)) throw badRequest(text.invalidIdempotencyKey);
    const user = c.get('user');
    if (!user) return next();

    // A clone: the route reads the body as it always does (JSON, form data or a stream).
    const bytes = new Uint8Array(await c.req.raw.clone().arrayBuffer());
    const request: Claim = {
      caller: user.id,
      key,
      method: c.req.method,
      path: c.req.path,
      bodyHash: createHash('sha256').update(bytes).digest('hex'),
    };
    const claimed = await claim(db, request, options.now());
    if ('row' in claimed) {
      const { row } = claimed;
      if (row.method !== request.method || row.path !== request.path || row.body_hash !== request.bodyHash)
        throw new AppError('unprocessable', text.idempotencyMismatch);
      if (row.state === 'running') throw conflict(text.idempotencyInProgress);
      c.header('Idempotent-Replayed', 'true');
      if (row.content_type) c.header('Content-Type', row.content_type);
      if (row.status === 204) return c.body(null, 204);
      return c.body(row.body ?? '', row.status as ContentfulStatusCode);
    }

    await next();
    const contentType = c.res.headers.get('content-type') ?? '';
    if (!storable(c.res.status, contentType)) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.claimedId));
      return;
    }
    const body = await c.res.clone().text();
    await db
      .update(idempotencyKeys)
      .set({ state: 'done', status: c.res.status, content_type: contentType || null, body })
      .where(eq(idempotencyKeys.id, claimed.claimedId));
  };
  // Only a POST can carry a key: anything else passes on without a promise of this middleware's own (issue 55).
  return (c, next) => (c.req.method === 'POST' ? replayOrRecord(c, next) : next());
}

/** The daily clean-up's part (jobs/retention.ts): answers older than 24 hours are never replayed again. */
export async function deleteOldIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY.retentionMs);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, cutoff))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}
