/**
 * A typed client of the product's API for a business's own systems (issue 54, docs/api.md): openapi-fetch
 * over the types that `npm run api:client` generates from the OpenAPI document (schema.d.ts). Every path,
 * parameter, body and answer is checked by the compiler:
 *
 *   const api = createApiClient({ baseUrl: 'https://example.com', apiKey: process.env.API_KEY! });
 *   const { data, error, response } = await api.POST('/api/tasks', { body, headers: idempotencyKey(id) });
 *
 * It depends on nothing of the product's code, only on openapi-fetch, and runs in Node and browsers alike.
 * The webhook signature check is Node-only and lives apart: `clients/typescript/webhooks.ts`.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, paths } from './schema';

export type ApiClient = Client<paths>;
export type Task = components['schemas']['Task'];
export type ApiError = components['schemas']['Error'];

export interface ApiClientOptions {
  /** The product's address, without a path: `https://example.com` (the paths start with /api). */
  baseUrl: string;
  /** The whole key as shown once on /profile, Developers tab: `lek_live_…`. */
  apiKey: string;
  /** Another fetch (a test double, a proxy-aware one); defaults to globalThis.fetch. */
  fetch?: (input: Request) => Promise<Response>;
}

/** A client that sends `Authorization: Bearer <key>` on every request (and never a cookie). */
export function createApiClient({ baseUrl, apiKey, fetch }: ApiClientOptions): ApiClient {
  if (!apiKey) throw new Error('createApiClient: apiKey is required');
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${apiKey}` },
    ...(fetch ? { fetch } : {}),
  });
}

const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

/**
 * The header of one retry-safe POST: pass the same key when retrying the same request, and the server
 * answers the first result again (`Idempotent-Replayed: true`) instead of acting twice. Without an
 * argument it makes a new random key; keep it with the request you may retry.
 *
 *   await api.POST('/api/tasks', { body, headers: idempotencyKey(orderId) });
 */
export function idempotencyKey(key: string = globalThis.crypto.randomUUID()): { 'Idempotency-Key': string } {
  if (!IDEMPOTENCY_KEY.test(key))
    throw new Error('An Idempotency-Key is 1 to 255 printable ASCII characters');
  return { 'Idempotency-Key': key };
}
