import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import type { Auth } from './auth/auth';
import type { Db } from './db/client';
import type { Env } from './env';
import type { AppEnv } from './http/context';
import { handleError } from './http/errors';
import { CLIENT_IP_HEADER, createClientIpResolver } from './http/client-ip';
import { contentTypeCheck } from './http/content-type';
import { originCheck } from './http/origin-check';
import { securityHeaders } from './http/security-headers';
import { extraTrustedOriginsOf } from './server-context';
import type { Clock } from './lib/clock';
import { AppError } from './lib/errors';
import { messages } from '@shared/messages';
import type { PhoneSendLimits } from '@shared/constants';
import { createProfilesService } from './modules/profiles/profiles.service';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { configRoutes } from './modules/config/config.routes';
import type { Providers } from './providers/providers';
import { devRoutes } from './modules/dev/dev.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { expertsRoutes } from './modules/experts/experts.routes';
import { phoneRoutes } from './modules/phone/phone.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { paymentSetupRoutes } from './modules/payments/payment-setup.routes';
import { paymentIntentWebhookHandlers } from './modules/payments/payment-intent-webhooks';
import { wellKnownRoutes } from './modules/native/well-known.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { publicProfilesRoutes } from './modules/public-profiles/public-profiles.routes';
import type { RealtimeHub } from './realtime/hub';
import { realtimeRoutes } from './realtime/realtime.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { maintenanceGuard } from './modules/settings/maintenance.middleware';
import { disputesRoutes } from './modules/disputes/disputes.routes';
import { devClockRoutes } from './modules/dev/dev-clock.routes';

export interface AppDeps {
  env: Env;
  db: Db;
  auth: Auth;
  clock: Clock;
  providers: Providers;
  publicUrl: string;
  /** Overrides of the abuse limits (tests that prove a limit use small numbers). */
  limits?: { phoneSends?: PhoneSendLimits };
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webRoot?: string;
  /** The WebSocket hub (GET /api/realtime); absent in apps built without a server context. */
  realtime?: { hub: RealtimeHub; allowedOrigins: Set<string> };
  /** The timed-work runner (issue 13); the development clock control runs it after moving time. */
  jobs?: { runDue(): Promise<number> };
}

const MAX_JSON_BODY = 1024 * 1024;
const MAX_UPLOAD_BODY = 52 * 1024 * 1024;

export function createApp(deps: AppDeps) {
  const { auth, db, clock } = deps;
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', securityHeaders({ env: deps.env, publicUrl: deps.publicUrl }));

  const clientIpOf = createClientIpResolver(deps.env.TRUSTED_PROXIES);
  app.use('*', async (c, next) => {
    c.set('clientIp', clientIpOf(c));
    await next();
  });
  // Cross-site writes and "simple" (preflight-free) bodies are refused before any route runs
  // (docs/decisions/0060, 0061); provider webhooks are exempt, their signatures authenticate them.
  const writeOrigins = originCheck({ allowedOrigins: [deps.publicUrl, ...extraTrustedOriginsOf(deps.env)] });
  app.use('/api/*', writeOrigins);
  app.use('/dev/*', writeOrigins);
  app.use('/api/*', contentTypeCheck());

  // JSON bodies are small; multipart uploads may carry up to ten 5 MB evidence photos.
  const tooLarge = () => {
    throw new AppError('payload_too_large', messages.common.invalidRequest);
  };
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BODY, onError: tooLarge });
  app.use('/api/*', (c, next) =>
    (c.req.header('content-type') ?? '').startsWith('multipart/form-data') ? uploadLimit(c, next) : jsonLimit(c, next),
  );

  // Better Auth's rate limiter reads the address from a header: only the server's own value counts.
  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = c.get('clientIp');
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  // Who is asking, for every other API route: routes decide whether a user is required.
  app.use('/api/*', async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    c.set('user', result ? { ...result.user, id: result.user.id } : null);
    c.set('session', result ? { id: result.session.id, expiresAt: new Date(result.session.expiresAt) } : null);
    await next();
  });
  app.use('/api/*', maintenanceGuard(db));

  const profiles = createProfilesService({ db, clock });
  app.route('/api', configRoutes(deps));
  app.route('/api', accountsRoutes(deps));
  app.route('/api', profilesRoutes(profiles));
  app.route('/api', notificationsRoutes(db));
  app.route('/api', geoRoutes(deps));
  app.route('/api', expertsRoutes(deps));
  app.route('/api', phoneRoutes(deps));
  app.route('/api', tasksRoutes(deps));
  app.route('/api', paymentsRoutes(deps));
  app.route('/api', paymentSetupRoutes(deps, { webhookHandlers: paymentIntentWebhookHandlers }));
  app.route('/api', settingsRoutes(deps));
  app.route('/api', verificationRoutes(deps));
  app.route('/api', publicProfilesRoutes(deps));
  app.route('/api', messagesRoutes(deps));
  if (deps.realtime) app.route('/api', realtimeRoutes(deps.realtime));
  app.route('/api', adminRoutes(deps));
  app.route('/api', disputesRoutes(deps));

  app.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: messages.common.notFound } }, 404));

  if (deps.env.NODE_ENV !== 'production') app.route('/dev', devRoutes(deps));
  // Universal links / App Links for the native app; before the SPA fallback.
  app.route('/', wellKnownRoutes(deps.env));
  if (deps.env.NODE_ENV !== 'production') app.route('/dev', devClockRoutes(deps));

  const webRoot = deps.webRoot;
  if (webRoot && existsSync(resolve(webRoot, 'index.html'))) {
    app.use('/assets/*', serveStatic({ root: webRoot, onFound: (_path, c) => {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
    } }));
    app.use('*', serveStatic({ root: webRoot }));
    app.get('*', serveStatic({ root: webRoot, path: 'index.html' }));
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
