import type { Env } from '../env';

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
