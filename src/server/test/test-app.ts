import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { createApp } from '../app';
import type { AppDeps } from '../app-deps';
import { authSecretOf, loadEnv } from '../env';
import { DEMO_TOTP_SECRET, enableTwoFactorWithSecret, totpCodeOf } from '../auth/two-factor';
import { manualClock } from '../lib/clock';
import { createServerContext } from '../server-context';
import type { AuthRateLimits } from '../auth/auth';
import { authAccounts, authUsers, expertProfiles, profiles, userRoles } from '../db/schema';
import { createTestDatabase } from './test-db';
import { createResponseCheck } from '../openapi/response-check';

/** Every JSON answer in the API suite is checked against its OpenAPI response schema (compiled once per file). */
const responseCheck = createResponseCheck();

/** Throws (failing the test) when a described route answers with a body its documented schema refuses. */
async function checkResponse(method: string, path: string, response: Response): Promise<void> {
  const contentType = response.headers.get('content-type') ?? '';
  const wrongType = responseCheck.checkMediaType(method, path, response.status, contentType);
  if (wrongType)
    throw new Error(
      `The response of ${wrongType.route} (${wrongType.status}) is not its documented media type: ${wrongType.issues}`,
    );
  if (!contentType.includes('application/json')) return;
  if (!responseCheck.schemaOf(method, path, response.status)) return;
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding !== 'gzip') return;
  let body: unknown;
  try {
    // A gzipped answer (the map, the boundary data, any JSON past the compress threshold) is read unzipped.
    const copy = response.clone();
    body = encoding
      ? await new Response(copy.body!.pipeThrough(new DecompressionStream('gzip'))).json()
      : await copy.json();
  } catch {
    body = undefined;
  }
  const mismatch = responseCheck.check(method, path, response.status, body);
  if (mismatch)
    throw new Error(
      `The response of ${mismatch.route} (${mismatch.status}) does not match its OpenAPI schema: ${mismatch.issues}`,
    );
}

export const TEST_ORIGIN = 'http://localhost:3999';
export const TEST_PASSWORD = 'test-password';

let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

export type TestUserKind = 'client' | 'expert' | 'admin' | 'new';

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

/**
 * The whole API on a fresh database, with embedded providers and a controllable clock.
 * `request` sends JSON as a browser on the product's origin would.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    authRateLimits?: AuthRateLimits;
    limits?: AppDeps['limits'];
    /** Redis keys and channels of this app's own (with REDIS_URL): files share the Redis server. */
    redisPrefix?: string;
  } = {},
) {
  const database = await createTestDatabase();
  const clock = manualClock(new Date());
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: `.tmp/test-data/${randomUUID()}`, ...options.env });
  const context = await createServerContext({
    env,
    database,
    clock,
    publicUrl: TEST_ORIGIN,
    authRateLimits: options.authRateLimits,
    redisPrefix: options.redisPrefix,
  });
  const app = createApp({ ...context, limits: options.limits });

  async function request(
    method: string,
    path: string,
    init: { body?: unknown; cookie?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
  ): Promise<Response> {
    const isForm = init.body instanceof FormData;
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(init.headers ?? {}) };
    if (init.cookie) headers.cookie = init.cookie;
    // Strings are sent as JSON too (malformed-JSON probes); a test may pass its own content-type.
    if (
      init.body !== undefined &&
      !isForm &&
      !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
    ) {
      headers['content-type'] = 'application/json';
    }
    const body =
      init.body === undefined
        ? undefined
        : isForm || typeof init.body === 'string'
          ? (init.body as BodyInit)
          : JSON.stringify(init.body);
    // The socket's peer, as @hono/node-server exposes it (the rate limits key on it).
    const bindings = { incoming: { socket: { remoteAddress: init.remoteAddress ?? '127.0.0.1' } } };
    const response = await app.request(`${TEST_ORIGIN}${path}`, { method, headers, body }, bindings);
    await checkResponse(method, path, response);
    return response;
  }

  // Each test sign-in comes from its own address, so that creating many users never trips the
  // sign-in rate limit that tests of the limiter (or of anything else) run under.
  let signIns = 0;
  /** The TOTP secret of every two-factor test account (admins get it on creation). */
  const totpSecret = DEMO_TOTP_SECRET;
  const nextSignInAddress = () => {
    signIns += 1;
    return `172.16.${(signIns >> 8) & 255}.${signIns & 255}`;
  };

  /** Signs in through the real auth endpoint and returns the session cookie. */
  async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
    const response = await request('POST', '/api/auth/sign-in/email', {
      body: { email, password },
      remoteAddress: nextSignInAddress(),
    });
    if (!response.ok)
      throw new Error(`sign-in failed for ${email}: ${response.status} ${await response.text()}`);
    const cookie = cookieOf(response);
    if (!((await response.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) return cookie;
    // Two-factor accounts (every test admin) answer the code step with the test TOTP secret.
    const verified = await request('POST', '/api/auth/two-factor/verify-totp', {
      body: { code: await totpCodeOf(totpSecret) },
      cookie,
      remoteAddress: nextSignInAddress(),
    });
    if (!verified.ok)
      throw new Error(`two-factor step failed for ${email}: ${verified.status} ${await verified.text()}`);
    return cookieOf(verified);
  }

  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.endsWith('='))
      .join('; ');

  /**
   * A confirmed user with a session. 'client' and 'expert' have chosen their role; an 'expert' has
   * an expert profile (payable unless told otherwise); 'new' has not chosen a role yet.
   */
  async function createUser(
    kind: TestUserKind,
    extra: {
      email?: string;
      payable?: boolean;
      latitude?: number;
      longitude?: number;
      firstName?: string;
    } = {},
  ): Promise<TestUser> {
    const id = randomUUID();
    const email = extra.email ?? `${kind}-${id.slice(0, 8)}@example.com`;
    const now = clock.now();
    const firstName = extra.firstName ?? kind.charAt(0).toUpperCase() + kind.slice(1);
    await database.db.insert(authUsers).values({
      id,
      email,
      name: `${firstName} Tester`,
      emailVerified: true,
      firstName,
      lastName: 'Tester',
    });
    await database.db.insert(authAccounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await passwordHash(),
    });
    await database.db.insert(profiles).values({
      id,
      email,
      first_name: firstName,
      last_name: 'Tester',
      onboarding_completed: kind !== 'new',
      role_selected_at: kind === 'new' ? null : now,
    });
    if (kind === 'admin') {
      await database.db.insert(userRoles).values({ user_id: id, role: 'admin' });
      // Admins must have two-factor sign-in (issue 22): test admins have it, with the test secret.
      await enableTwoFactorWithSecret(database.db, { userId: id, totpSecret, authSecret: authSecretOf(env) });
    }
    if (kind === 'expert') {
      const payable = extra.payable ?? true;
      await database.db.insert(userRoles).values({ user_id: id, role: 'expert' });
      await database.db.insert(expertProfiles).values({
        id,
        profile_id: id,
        bio: 'Experienced local inspector who documents everything with photos and video.',
        expertise: ['Property inspection', 'Vehicles'],
        location: 'New York, New York',
        latitude: extra.latitude ?? 40.7128,
        longitude: extra.longitude ?? -74.006,
        verification_status: 'verified',
        stripe_account_id: payable ? `acct_test_${id.slice(0, 8)}` : null,
        stripe_onboarding_completed: payable,
        stripe_account_status: payable ? 'active' : 'pending',
        lpca_terms_accepted: true,
        lpca_terms_accepted_at: now,
      });
    }
    return { id, email, cookie: await signIn(email) };
  }

  async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
    return (await response.json()) as T;
  }

  return {
    app,
    db: database.db,
    database,
    clock,
    context,
    providers: context.providers,
    request,
    signIn,
    createUser,
    /** The current code of the test TOTP secret (the one every test admin has). */
    totpCode: () => totpCodeOf(totpSecret),
    /** Turns two-factor sign-in on for a user, with the test TOTP secret. */
    enableTwoFactor: (userId: string, backupCodes?: string[]) =>
      enableTwoFactorWithSecret(database.db, {
        userId,
        totpSecret,
        authSecret: authSecretOf(env),
        backupCodes,
      }),
    json,
    async setEmailVerified(email: string) {
      await database.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.email, email));
    },
    async close() {
      await context.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
