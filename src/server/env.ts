import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { NATIVE_APP } from '@shared/native/native-app';
import { BRAND_NAME } from '@shared/brand';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (what: string) =>
  optionalText.refine((value) => value === undefined || URL.canParse(value), {
    message: `must be a full URL for ${what}`,
  });

const BUNDLE_ID = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_-]*)+$/;
const SHA256_FINGERPRINT = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;

/** A comma-separated list: blanks dropped, entries trimmed. */
const commaList = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean));

/** "scheme://host[:port]" only (https://app.example.com, capacitor://localhost): no path, query or credentials. */
const isOrigin = (value: string) => /^[a-z][a-z0-9+.-]*:\/\/([a-z0-9.-]+|\[[0-9a-f:]+\])(:\d{1,5})?\/?$/i.test(value);

/** An IP address or an IP/prefix range, as net.BlockList understands them. */
export function isAddressOrRange(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  if (bits < 0 || bits > (family === 4 ? 32 : 128)) return false;
  new BlockList().addSubnet(address!, bits, family === 4 ? 'ipv4' : 'ipv6');
  return true;
}

/**
 * Every setting of the server, with an embedded default for each so that `npm start` needs no
 * account, key or network. Production sets the matching variables (see .env.example).
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalUrl('the address users reach the product at'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl('PostgreSQL (postgres://user:pass@host:5432/db)'),
    /**
     * Optional Redis or Valkey for the realtime change bus between instances (docs/decisions/0476):
     * events go to per-topic channels. Unset: PostgreSQL LISTEN/NOTIFY. Ignored with PGlite.
     */
    REDIS_URL: optionalUrl('Redis or Valkey (redis://host:6379)'),
    AUTH_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    EMAIL_FROM: z.string().default(`${BRAND_NAME} <no-reply@localhost>`),
    SMTP_URL: optionalUrl('the SMTP server (smtp://user:pass@host:587)'),
    /** Explicit choice of the email adapter; `outbox` in production keeps mail unsent (with a warning). */
    EMAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
    /** Explicit choice of the payment provider; `local` in production is the embedded test provider. */
    PAYMENTS_PROVIDER: z.enum(['stripe', 'local']).optional(),
    /** Explicit choice of the SMS adapter. */
    SMS_PROVIDER: z.enum(['twilio', 'outbox']).optional(),
    /** Explicit choice of the native push adapter. */
    PUSH_PROVIDER: z.enum(['fcm', 'outbox']).optional(),
    /** Explicit choice of the file store; `disk` keeps files under DATA_DIR (one instance only). */
    STORAGE: z.enum(['s3', 'disk']).optional(),
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM: optionalText,
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** With STRIPE_SECRET_KEY: background checks through the provider's identity verification. */
    STRIPE_IDENTITY_WEBHOOK_SECRET: optionalText,
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ENDPOINT: optionalUrl('the S3-compatible endpoint'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    FCM_SERVICE_ACCOUNT_JSON: optionalText,
    /** Browser web push (VAPID). Unset: a pair is generated once and kept under DATA_DIR. */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    /** A mailto: or https: contact for the push services; PUBLIC_URL when unset. */
    VAPID_SUBJECT: optionalText,
    /** `outbox` keeps browser pushes in memory and the dev outbox (the default in tests), `web-push` sends them. */
    WEB_PUSH: z.enum(['outbox', 'web-push']).optional(),
    /**
     * Where outbound webhooks may go (decision 0473): `public` (https to public addresses only, checked
     * after DNS) is forced in production; `local` (the default elsewhere) also allows http to localhost.
     */
    WEBHOOK_TARGETS: z.enum(['public', 'local']).optional(),
    GEOCODER_URL: optionalUrl('the Nominatim-compatible geocoder'),
    GEOCODER_USER_AGENT: z.string().default('remote-expert-marketplace/1.0 (self-hosted)'),
    MAP_TILE_URL: optionalText,
    MAP_TILE_ATTRIBUTION: optionalText,
    APP_SCHEME: z.string().default(NATIVE_APP.urlScheme),
    // Universal links (iOS) and App Links (Android): /.well-known files answer 404 while unset.
    IOS_TEAM_ID: optionalText.refine((value) => value === undefined || /^[A-Z0-9]{10}$/.test(value), {
      message: 'must be the 10-character Apple team id (e.g. ABCDE12345)',
    }),
    IOS_BUNDLE_ID: z.string().trim().regex(BUNDLE_ID, 'must be a bundle id like com.example.app').default(NATIVE_APP.appId),
    ANDROID_PACKAGE_NAME: z
      .string()
      .trim()
      .regex(BUNDLE_ID, 'must be a package name like com.example.app')
      .default(NATIVE_APP.appId),
    ANDROID_SHA256_CERT_FINGERPRINTS: optionalText
      .transform((value) => (value ? value.split(',').map((item) => item.trim().toUpperCase()).filter(Boolean) : []))
      .refine((list) => list.every((item) => SHA256_FINGERPRINT.test(item)), {
        message: 'must be comma-separated SHA-256 fingerprints (32 colon-separated hex pairs)',
      }),
    /** Extra page origins allowed to open the realtime socket (comma-separated), besides PUBLIC_URL's. */
    REALTIME_ALLOWED_ORIGINS: optionalText,
    /** Extra origins whose state-changing requests are accepted (the native app's, for example). */
    ALLOWED_ORIGINS: commaList.refine((list) => list.every(isOrigin), {
      message: 'must be comma-separated origins such as https://app.example.com (scheme, host, optional port; no path)',
    }),
    /** Prometheus metrics at /metrics behind `Authorization: Bearer <token>` (off when unset). */
    METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
      message: 'must be at least 16 characters',
    }),
    /** Prometheus metrics on their own port (for a private network), token or not. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** pino's level: fatal, error, warn, info (default), debug, trace or silent. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /** How long a SIGTERM may take before the process exits anyway (in-flight work is cut off). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
    /**
     * How long an idle keep-alive connection stays open (ms). Above a load balancer's idle timeout
     * (60 s for AWS's and nginx's defaults), so the balancer, never the server, closes an idle
     * connection: Node's own 5 s let the server close one the balancer was about to reuse, a 502.
     */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(65_000),
    /** Reverse proxies whose X-Forwarded-For is believed; empty: the socket address is the client. */
    TRUSTED_PROXIES: commaList.refine((list) => list.every(isAddressOrRange), {
      message: 'must be comma-separated IP addresses or ranges such as 10.0.0.0/8',
    }),
  })
  .superRefine((env, ctx) => {
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none',
      });
    }
    if (env.STRIPE_IDENTITY_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_IDENTITY_WEBHOOK_SECRET'], message: 'needs STRIPE_SECRET_KEY' });
    }
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'set all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, or none',
      });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' });
    }
    // An explicit real adapter needs its settings (an explicit embedded one needs none).
    const explicit: [boolean, string, string][] = [
      [env.EMAIL_TRANSPORT === 'smtp' && !env.SMTP_URL, 'SMTP_URL', 'is required with EMAIL_TRANSPORT=smtp'],
      [env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY, 'STRIPE_SECRET_KEY', 'is required with PAYMENTS_PROVIDER=stripe'],
      [env.SMS_PROVIDER === 'twilio' && !env.TWILIO_ACCOUNT_SID, 'TWILIO_ACCOUNT_SID', 'is required with SMS_PROVIDER=twilio'],
      [env.PUSH_PROVIDER === 'fcm' && !env.FCM_SERVICE_ACCOUNT_JSON, 'FCM_SERVICE_ACCOUNT_JSON', 'is required with PUSH_PROVIDER=fcm'],
      [env.STORAGE === 's3' && !env.S3_BUCKET, 'S3_BUCKET', 'is required with STORAGE=s3'],
    ];
    for (const [missing, variable, message] of explicit) {
      if (missing) ctx.addIssue({ code: 'custom', path: [variable], message });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/**
 * Parses the environment; a bad variable stops the boot with one clear line per problem. With
 * `production: 'strict'` (the server, admin:create, migrate) a production environment must also
 * configure or explicitly embed every outside service (productionProblems, below), named in the same message.
 */
export function loadEnv(
  source: Record<string, string | undefined> = process.env,
  options: { production?: 'strict' | 'lenient' } = {},
): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    // The missing services are named too when the rest parses far enough to tell.
    if (options.production === 'strict' && source.NODE_ENV === 'production') {
      const loose = envSchema.safeParse({ ...source, NODE_ENV: 'development' });
      if (loose.success) {
        const named = new Set(result.error.issues.map((issue) => issue.path.join('.')));
        for (const problem of productionProblems({ ...loose.data, NODE_ENV: 'production' })) {
          if (!named.has(problem.variable)) lines.push(`  ${problem.variable}: ${problem.message}`);
        }
      }
    }
    throw new EnvError(`Invalid environment settings:\n${lines.join('\n')}`);
  }
  if (options.production === 'strict') {
    const problems = productionProblems(result.data);
    if (problems.length > 0) {
      const lines = problems.map((problem) => `  ${problem.variable}: ${problem.message}`);
      throw new EnvError(`Invalid environment settings for production:\n${lines.join('\n')}`);
    }
  }
  return result.data;
}

/** The origin users reach the product at: PUBLIC_URL, else the local address. */
export const publicUrlOf = (env: Env) => (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');

/** The secret used to sign sessions; a fixed development value when unset outside production. */
export const authSecretOf = (env: Env) => env.AUTH_SECRET ?? 'development-only-secret-change-me-in-production!!';

/**
 * Which provider serves each outside service, and what production refuses (issue 53, decision 0430).
 * Outside production every service falls back to its embedded default so that `npm start` needs no
 * account, key or network. In production each one must be configured or chosen as embedded by name.
 */
export type ServiceName = 'email' | 'payments' | 'sms' | 'push' | 'webPush' | 'storage';

export interface ServiceChoice {
  service: ServiceName;
  /** The adapter in use: smtp/outbox, stripe/local, twilio/outbox, fcm/outbox, web-push/outbox, s3/disk. */
  provider: string;
  /** True for the embedded default (nothing leaves this server). */
  embedded: boolean;
  /** How the choice was made: the service's own variables, an explicit embedded choice, or the default. */
  source: 'configured' | 'explicit' | 'default';
}

/** Secrets that appear in this repository (compose.yaml's old default, the development one): never in production. */
export const SAMPLE_SECRETS: readonly string[] = [
  'change-me-to-a-long-random-secret-of-32-chars',
  'development-only-secret-change-me-in-production!!',
];

const choice = (service: ServiceName, provider: string, embedded: boolean, source: ServiceChoice['source']) => ({
  service,
  provider,
  embedded,
  source,
});

/** The provider of each service for this environment (the same rule providers.ts builds them by). */
export function serviceChoices(env: Env): ServiceChoice[] {
  const email = env.EMAIL_TRANSPORT
    ? choice('email', env.EMAIL_TRANSPORT, env.EMAIL_TRANSPORT === 'outbox', env.EMAIL_TRANSPORT === 'outbox' ? 'explicit' : 'configured')
    : choice('email', env.SMTP_URL ? 'smtp' : 'outbox', !env.SMTP_URL, env.SMTP_URL ? 'configured' : 'default');
  const stripe = Boolean(env.STRIPE_SECRET_KEY);
  const payments = env.PAYMENTS_PROVIDER
    ? choice('payments', env.PAYMENTS_PROVIDER, env.PAYMENTS_PROVIDER === 'local', env.PAYMENTS_PROVIDER === 'local' ? 'explicit' : 'configured')
    : choice('payments', stripe ? 'stripe' : 'local', !stripe, stripe ? 'configured' : 'default');
  const twilio = Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);
  const sms = env.SMS_PROVIDER
    ? choice('sms', env.SMS_PROVIDER, env.SMS_PROVIDER === 'outbox', env.SMS_PROVIDER === 'outbox' ? 'explicit' : 'configured')
    : choice('sms', twilio ? 'twilio' : 'outbox', !twilio, twilio ? 'configured' : 'default');
  const fcm = Boolean(env.FCM_SERVICE_ACCOUNT_JSON);
  const push = env.PUSH_PROVIDER
    ? choice('push', env.PUSH_PROVIDER, env.PUSH_PROVIDER === 'outbox', env.PUSH_PROVIDER === 'outbox' ? 'explicit' : 'configured')
    : choice('push', fcm ? 'fcm' : 'outbox', !fcm, fcm ? 'configured' : 'default');
  const webPushMode = env.WEB_PUSH ?? (env.NODE_ENV === 'production' || env.VAPID_PUBLIC_KEY ? 'web-push' : 'outbox');
  const webPush = choice('webPush', webPushMode, webPushMode === 'outbox', env.WEB_PUSH ? 'explicit' : env.VAPID_PUBLIC_KEY ? 'configured' : 'default');
  const s3 = Boolean(env.S3_BUCKET);
  const storage = env.STORAGE
    ? choice('storage', env.STORAGE, env.STORAGE === 'disk', env.STORAGE === 'disk' ? 'explicit' : 'configured')
    : choice('storage', s3 ? 's3' : 'disk', !s3, s3 ? 'configured' : 'default');
  return [email, payments, sms, push, webPush, storage];
}

/** The provider name of each service, for the admin System tab. */
export function providerNames(env: Env): Record<ServiceName, string> {
  return Object.fromEntries(serviceChoices(env).map((entry) => [entry.service, entry.provider])) as Record<ServiceName, string>;
}

/**
 * Every reason production cannot start, one line a variable: "NAME: what to set". Empty outside
 * production. Each service is configured, or chosen as embedded by its explicit variable.
 */
export function productionProblems(env: Env): { variable: string; message: string }[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: { variable: string; message: string }[] = [];
  const need = (variable: string, message: string) => problems.push({ variable, message });
  if (env.AUTH_SECRET && SAMPLE_SECRETS.includes(env.AUTH_SECRET)) {
    need('AUTH_SECRET', 'is a published sample secret; generate your own (openssl rand -base64 48)');
  }
  if (env.EMAIL_TRANSPORT === 'smtp' || (!env.EMAIL_TRANSPORT && !env.SMTP_URL)) {
    if (!env.SMTP_URL) need('SMTP_URL', 'is required in production (or EMAIL_TRANSPORT=outbox to keep mail in the database, unsent)');
  }
  if (env.PAYMENTS_PROVIDER !== 'local' && !env.STRIPE_SECRET_KEY) {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[name]) need(name, 'is required in production (or PAYMENTS_PROVIDER=local for the embedded test provider)');
    }
  }
  if (env.SMS_PROVIDER !== 'outbox') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!env[name]) need(name, 'is required in production (or SMS_PROVIDER=outbox to keep SMS in the database, unsent)');
    }
  }
  if (env.PUSH_PROVIDER !== 'outbox' && !env.FCM_SERVICE_ACCOUNT_JSON) {
    need('FCM_SERVICE_ACCOUNT_JSON', 'is required in production (or PUSH_PROVIDER=outbox to keep native pushes in the database, unsent)');
  }
  // Every instance must sign with the same pair: a pair generated per instance breaks subscriptions.
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const) {
    if (!env[name]) need(name, 'is required in production (generate a pair once: npx web-push generate-vapid-keys)');
  }
  if (env.STORAGE !== 'disk') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]) need(name, 'is required in production (or STORAGE=disk for a single instance keeping files under DATA_DIR)');
    }
  }
  return problems;
}

const EMBEDDED_CONSEQUENCE: Record<ServiceName, string> = {
  email: 'emails are kept in the database outbox and never sent',
  payments: 'card payments run on the embedded test provider; no money moves',
  sms: 'SMS messages are kept in the database outbox and never sent',
  push: 'native push notifications are kept in the database outbox and never sent',
  webPush: 'browser push notifications are kept in memory and never sent',
  storage: 'files are stored on this instance’s disk under DATA_DIR; run one instance only',
};

/** One warning line per embedded service in production (logged at every start). */
export function embeddedWarnings(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return serviceChoices(env)
    .filter((entry) => entry.embedded)
    .map((entry) => `${entry.service} is embedded (${entry.provider}): ${EMBEDDED_CONSEQUENCE[entry.service]}`);
}
