import { inArray } from 'drizzle-orm';
import { API_KEY_SCOPES, type ApiKeyScope } from '@shared/constants';
import type { TaskStatus } from '@shared/domain/task-status';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { CreatedApiKeyDto } from '@shared/schemas/api-keys.schemas';
import type { App } from '../../app';
import { apiKeys } from '../../db/schema';
import { scopeOfRequest } from '../../http/api-key-scopes';
import { STATE_CHANGING_METHODS } from '../../http/origin-check';
import { createTaskAt, registerLocalPaymentAccounts } from '../builders';
import type { TestApp, TestUser } from '../test-app';

/**
 * The authorization matrix's vocabulary. A module's rows live in ./rows/<module>.rows.ts and are
 * listed in ./rows/index.ts; authorization-matrix.test.ts fails for any route of the app without a row.
 */

/** Every caller the matrix asks about. */
export const ROLES = ['anon', 'owner', 'otherClient', 'applicant', 'assigned', 'otherExpert', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The expected HTTP status for each of the seven callers:
 * anon (signed out), owner (the task's client), otherClient, applicant (an expert who applied and was
 * not hired), assigned (the hired expert), otherExpert (neither applied nor hired), admin.
 * All seven are required, so negative cases are always written down.
 */
export type Expectation = Record<Role, number>;

/** What one request targets: path parameters, a body (JSON object or FormData), a query, or a whole path. */
export interface Target {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  /** For wildcard routes (`/api/auth/*`): the concrete path to call. */
  path?: string;
}

export interface World {
  t: TestApp;
  users: Record<Exclude<Role, 'anon'>, TestUser>;
  /**
   * A fresh task of `owner` in `status`: `assigned` hired (from assigned on), `applicant` applied.
   * A new one per request, so one caller's success never changes what the next caller sees.
   */
  task(status: TaskStatus): Promise<{ id: string }>;
}

export interface MatrixCase {
  /** What the case is about ("open task", "someone else's notification"...). */
  name: string;
  /** Builds the target, once per caller (fresh state each time). Without it the route is called as is. */
  arrange?: (world: World, role: Role) => Promise<Target> | Target;
  expect: Expectation;
}

export interface MatrixRow {
  /** `METHOD /path` exactly as app.routes lists it, e.g. `POST /api/tasks/:id/cancel`. */
  route: string;
  cases: MatrixCase[];
}

/**
 * Middleware registrations that app.routes lists but that are not endpoints of their own: those for
 * every method, and the guards only a write concerns (origin, content type, body limit, maintenance,
 * idempotency), which app.ts registers for those methods alone.
 */
export const NOT_ENDPOINTS = new Set([
  'ALL /*',
  'ALL /dev/*',
  ...[...STATE_CHANGING_METHODS].flatMap((method) => [`${method} /api/*`, `${method} /dev/*`]),
]);

/** The app's endpoints as `METHOD /path` (the API catch-all `ALL /api/*` included: it has a row too). */
export function endpointsOf(app: App): string[] {
  const keys = new Set(app.routes.map((route) => `${route.method} ${route.path}`));
  return [...keys].filter((key) => !NOT_ENDPOINTS.has(key)).sort();
}

/** The same status for every signed-in caller, and `anon` for the signed-out one. */
export function signedIn(status: number, anon = 401): Expectation {
  return { anon, owner: status, otherClient: status, applicant: status, assigned: status, otherExpert: status, admin: status };
}

export const everyone = (status: number): Expectation => signedIn(status, status);

export async function createWorld(t: TestApp): Promise<World> {
  const [owner, otherClient, applicant, assigned, otherExpert, admin] = await Promise.all([
    t.createUser('client'),
    t.createUser('client'),
    t.createUser('expert'),
    t.createUser('expert'),
    t.createUser('expert'),
    t.createUser('admin'),
  ]);
  const users = { owner, otherClient, applicant, assigned, otherExpert, admin };
  await registerLocalPaymentAccounts(t.db, [applicant.id, assigned.id, otherExpert.id]);
  return {
    t,
    users,
    async task(status) {
      return createTaskAt(t.db, {
        status,
        clientId: owner.id,
        expertId: assigned.id,
        applicantIds: [applicant.id],
        now: t.clock.now(),
        storage: t.providers.storage,
      });
    },
  };
}

/** Fills `:name` parameters of a route pattern; the method is the first word. */
export function requestOf(route: string, target: Target): { method: string; path: string } {
  const [method, pattern] = route.split(' ') as [string, string];
  let path = target.path ?? pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = target.params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  if (target.query) path += `?${new URLSearchParams(target.query).toString()}`;
  return { method: method === 'ALL' ? 'GET' : method, path };
}

/**
 * API keys, the fourth kind of caller (issue 54, decision 0472). authorization-matrix.test.ts calls every
 * case of every row with these keys too. Their expected answers are derived, never written in a row:
 * - ownerKey (the owner's key, every scope) and otherClientKey (otherClient's, every scope): on a route
 *   the scope map lets keys call, the key acts as its holder and nothing more, so the answer is the
 *   holder's session answer for the same case; on any other /api route, 403 "not for keys";
 * - ownerKeyWithoutScope (the owner's key with every scope but the one the route needs; mapped routes
 *   only, elsewhere ownerKey already gets the refusal): 403 naming the missing scope;
 * - adminKey (the admin's key, every scope): 403 on every /api route;
 * - outside /api (probes, .well-known, /dev) a bearer header is no credential at all: every key caller
 *   gets what the signed-out caller gets, asked exactly as it was (Origin included).
 * A refusal must come with the key middleware's own message, so a route's own 403 cannot pass for it.
 */
export const KEY_CALLERS = ['ownerKey', 'ownerKeyWithoutScope', 'adminKey', 'otherClientKey'] as const;
export type KeyCaller = (typeof KEY_CALLERS)[number];

/** Whose key each key caller sends: its request is that user's, with the key instead of the cookie. */
export const KEY_HOLDER: Record<KeyCaller, Exclude<Role, 'anon'>> = {
  ownerKey: 'owner',
  ownerKeyWithoutScope: 'owner',
  adminKey: 'admin',
  otherClientKey: 'otherClient',
};

export interface MatrixKeys {
  /** Every scope, per holder. */
  all: Record<'owner' | 'admin' | 'otherClient', string>;
  /** The owner's keys with every scope but the one named. */
  ownerWithout: Record<ApiKeyScope, string>;
  /** Clears every matrix key's rate-limit window (the test clock stands still, and the matrix makes more than 120 counted requests a key). */
  freshWindows(): Promise<void>;
}

/** A key made as a user makes one on the Developers tab. */
export async function createKey(t: TestApp, user: TestUser, scopes: readonly ApiKeyScope[]): Promise<{ id: string; secret: string }> {
  const response = await t.request('POST', '/api/me/api-keys', { cookie: user.cookie, body: { name: 'Matrix caller', scopes } });
  if (response.status !== 201) throw new Error(`creating a key failed: ${response.status} ${await response.text()}`);
  const created = await t.json<CreatedApiKeyDto>(response);
  return { id: created.api_key.id, secret: created.secret };
}

export async function createMatrixKeys(world: World): Promise<MatrixKeys> {
  const { t, users } = world;
  const made: { id: string; secret: string }[] = [];
  const make = async (user: TestUser, scopes: readonly ApiKeyScope[]) => {
    const key = await createKey(t, user, scopes);
    made.push(key);
    return key.secret;
  };
  const all = { owner: await make(users.owner, API_KEY_SCOPES), admin: await make(users.admin, API_KEY_SCOPES), otherClient: await make(users.otherClient, API_KEY_SCOPES) };
  const ownerWithout = {} as Record<ApiKeyScope, string>;
  for (const scope of API_KEY_SCOPES) ownerWithout[scope] = await make(users.owner, API_KEY_SCOPES.filter((other) => other !== scope));
  const ids = made.map((key) => key.id);
  return {
    all,
    ownerWithout,
    async freshWindows() {
      await t.db.update(apiKeys).set({ window_count: 0, window_start: null }).where(inArray(apiKeys.id, ids));
    },
  };
}

/** What a key caller must get: the answer of a request made as `role` (with the key), or the key middleware's refusal. */
export type KeyExpectation = { kind: 'as'; role: Role; status: number } | { kind: 'refused'; status: 403; message: string; scope?: ApiKeyScope };

const keyText = messages.apiKeys;

/** The derived expectation of `caller` on `method path` (the concrete path, without its query). */
export function keyExpectation(caller: KeyCaller, method: string, path: string, expect: Expectation): KeyExpectation {
  if (!path.startsWith('/api/')) return { kind: 'as', role: 'anon', status: expect.anon };
  if (caller === 'adminKey') return { kind: 'refused', status: 403, message: keyText.adminKeyRefused };
  const scope = scopeOfRequest(method, path);
  if (!scope) return { kind: 'refused', status: 403, message: keyText.routeNotForKeys };
  if (caller === 'ownerKeyWithoutScope') return { kind: 'refused', status: 403, message: format(keyText.missingScope, { scope }), scope };
  const role = KEY_HOLDER[caller];
  return { kind: 'as', role, status: expect[role] };
}

/**
 * Where a key's derived expectation is rightly not its holder's session answer: `METHOD /path — case name`
 * and the key caller, with the status it gets instead and why. Keep this list short: every entry is a
 * place where a key and its owner's session differ.
 */
export const KEY_EXCEPTIONS: { route: string; caller: KeyCaller; status: number; reason: string }[] = [];

/**
 * A request as a server sends it with a key: `Authorization: Bearer`, no cookie and, under /api, no
 * Origin (key requests are exempt from the cross-site rule). Outside /api the request is the
 * signed-out caller's, Origin included, plus the header.
 */
export function keyRequest(t: TestApp, secret: string, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
  if (path.startsWith('/api/')) headers.origin = '';
  return t.request(method, path, { body, headers });
}

/** The error message of a JSON refusal, or null. */
export async function errorMessageOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : null;
  } catch {
    return null;
  }
}
