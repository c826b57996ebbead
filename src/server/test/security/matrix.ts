import type { TaskStatus } from '@shared/domain/task-status';
import type { App } from '../../app';
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

/** Middleware registrations that app.routes lists but that are not endpoints of their own. */
export const NOT_ENDPOINTS = new Set(['ALL /*', 'ALL /dev/*']);

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
