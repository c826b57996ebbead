import type { Hono } from 'hono';
import type { Db } from '../db/client';
import { providerNames, type Env } from '../env';
import type { Clock } from '../lib/clock';
import { createEmailSender, type EmailSenderAdapter } from './email';
import { createSmsSender, type SmsSenderAdapter } from './sms';
import { createPushSender, type PushSenderAdapter } from './push';
import { createWebPushSender, type WebPushSender } from './web-push';
import { createFileStorage, type FileStorage } from './storage';
import { createGeocoder, type Geocoder } from './geocoder';
import { createPaymentProvider, type PaymentProvider } from './payments';
import { createLocalProviderPages } from './payments/local-hosted-pages';
import { createOutboxPages } from './outbox/outbox.pages';
import { countedSender } from '../ops/counted-senders';
import { noMetrics, type Metrics } from '../ops/metrics';
import { createLocalVerificationPages, createVerificationProvider, type VerificationProvider } from './verification';

/** Every outside service behind its interface: the real adapter when configured, else the embedded default. */
export interface Providers {
  email: EmailSenderAdapter;
  sms: SmsSenderAdapter;
  push: PushSenderAdapter;
  /** Browser web push to the users' subscriptions (issue 19). */
  webPush: WebPushSender;
  storage: FileStorage;
  geocoder: Geocoder;
  payments: PaymentProvider;
  /** Background checks for the trust badges. */
  verification: VerificationProvider;
  /** Development pages of the embedded defaults (the outbox, the local background check), mounted under /dev outside production. */
  devPages: Record<string, Hono>;
  /**
   * The local payment provider's hosted pages (account setup, 3-D Secure, payout dashboard), or null
   * with the real provider. They are part of that provider, not a development tool: app.ts mounts
   * them at LOCAL_PAYMENT_PAGES_PATH whenever it is in use, production included (decision 0474).
   */
  localPaymentPages: Hono | null;
}

export async function createProviders(options: {
  env: Env;
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Sends counted at the interface (sent/failed by channel), whoever calls them. */
  metrics?: Pick<Metrics, 'delivery'>;
}): Promise<Providers> {
  const { env, db, clock, publicUrl } = options;
  const metrics = options.metrics ?? noMetrics;
  // An explicit embedded choice (EMAIL_TRANSPORT=outbox, PAYMENTS_PROVIDER=local, ...) wins over set keys.
  const use = providerNames(env);
  const stripe = use.payments === 'stripe';
  const payments = createPaymentProvider({
    stripeSecretKey: stripe ? env.STRIPE_SECRET_KEY : undefined,
    stripePublishableKey: stripe ? env.STRIPE_PUBLISHABLE_KEY : undefined,
    stripeWebhookSecret: stripe ? env.STRIPE_WEBHOOK_SECRET : undefined,
    db,
    clock,
    publicUrl,
  });
  const devPages: Record<string, Hono> = { '/outbox': createOutboxPages({ db }) as unknown as Hono };
  const localPaymentPages = payments.name === 'local' ? (createLocalProviderPages({ provider: payments, clock }) as unknown as Hono) : null;
  const verification = createVerificationProvider({
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeIdentityWebhookSecret: env.STRIPE_IDENTITY_WEBHOOK_SECRET,
    db,
    clock,
    publicUrl,
  });
  if (verification.name === 'local') {
    devPages['/verification'] = createLocalVerificationPages({ provider: verification }) as unknown as Hono;
  }
  return {
    email: countedSender(createEmailSender({ smtpUrl: use.email === 'smtp' ? env.SMTP_URL : undefined, from: env.EMAIL_FROM, db }), 'email', metrics),
    sms: countedSender(
      use.sms === 'twilio'
        ? createSmsSender({ db, accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM })
        : createSmsSender({ db }),
      'sms',
      metrics,
    ),
    push: countedSender(createPushSender({ db, serviceAccountJson: use.push === 'fcm' ? env.FCM_SERVICE_ACCOUNT_JSON : undefined }), 'push', metrics),
    webPush: createWebPushSender({
      db,
      dataDir: env.DATA_DIR,
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidSubject: env.VAPID_SUBJECT,
      publicUrl,
      // Like email without SMTP_URL: the offline outbox unless production, VAPID keys or WEB_PUSH=web-push
      // say otherwise, so `npm start` never reaches for a browser vendor's push service.
      embedded: use.webPush === 'outbox',
    }),
    storage: createFileStorage({
      dataDir: env.DATA_DIR,
      s3Bucket: use.storage === 's3' ? env.S3_BUCKET : undefined,
      s3Region: env.S3_REGION,
      s3Endpoint: env.S3_ENDPOINT,
      s3AccessKeyId: env.S3_ACCESS_KEY_ID,
      s3SecretAccessKey: env.S3_SECRET_ACCESS_KEY,
    }),
    geocoder: createGeocoder({ url: env.GEOCODER_URL, userAgent: env.GEOCODER_USER_AGENT }),
    payments,
    verification,
    devPages,
    localPaymentPages,
  };
}
