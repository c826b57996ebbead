import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { NATIVE_APP } from '@shared/native/native-app';
import { BRAND_NAME } from '@shared/brand';
import { productionProblems } from './ops/production-config';

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
 * configure or explicitly embed every outside service (ops/production-config.ts), named in the same message.
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
