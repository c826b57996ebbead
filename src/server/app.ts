import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono';
import { etag } from 'hono/etag';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import { createSessionCache, sessionTokenOf, type CachedSession } from './auth/session-cache';
import { localSessionEnding } from './auth/session-ending';
import type { AppDeps } from './app-deps';
import type { AppEnv } from './http/context';
import { handleError } from './http/errors';
import { CLIENT_IP_HEADER, createClientIpResolver, createTrustedPeerCheck } from './http/client-ip';
import { cleanRefusals } from './http/clean-refusals';
import { inSequence } from './http/in-sequence';
import { contentTypeCheck } from './http/content-type';
import { originCheck, STATE_CHANGING_METHODS } from './http/origin-check';
import { apiKeyAuth, isKeyRequest } from './http/api-key-auth';
import { idempotency } from './http/idempotency';
import { checkApiKey, countApiKeyRequest } from './modules/api-keys/api-keys.service';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { securityHeaders } from './http/security-headers';
import { twoFactorGate } from './http/two-factor-gate';
import { indexDocument } from './http/index-document';
import { isAdminWithoutTwoFactor } from './modules/admin/admin-access';
import { documentCompression, jsonCompression } from './http/json-compression';
import { expertProfileDocument } from './modules/public-profiles/profile-document';
import { robotsRoute } from './http/robots';
import { extraTrustedOriginsOf } from './server-context';
import { AppError } from './lib/errors';
import { requestLogging } from './http/request-log';
import { noMetrics } from './ops/metrics';
import { opsRoutes } from './ops/ops.routes';
import { openApiRoutes } from './openapi/openapi.routes';
import { API_VERSION } from './ops/version';
import { createWebhookFailureLog } from './ops/webhook-failures';
import { systemRoutes } from './modules/system/system.routes';

export type { AppDeps } from './app-deps';
import { messages } from '@shared/messages';
import { createProfilesService } from './modules/profiles/profiles.service';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { configRoutes } from './modules/config/config.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { LOCAL_PAYMENT_PAGES_PATH } from './providers/payments/local-adapter';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { expertsRoutes } from './modules/experts/experts.routes';
import { phoneRoutes } from './modules/phone/phone.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { taskDetailsRoutes } from './modules/task-details/task-details.routes';
import { taskListsRoutes } from './modules/task-lists/task-lists.routes';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { evidenceSubmissionRoutes } from './modules/evidence/evidence-submission.routes';
import { reviewsRoutes, twoWayReviewsRoutes } from './modules/reviews/reviews.routes';
import { taskReviewReads } from './modules/reviews/task-review-reads';
import { callOffVisit } from './modules/appointments/visit-call-off';
import { agreedStartOf } from './modules/appointments/appointments.repository';
import { changeRoundsOf } from './modules/evidence/change-requests.repository';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { adminTransactionsRoutes } from './modules/admin-transactions/admin-transactions.routes';
import { communityTrustReviewHooks } from './modules/verification/community-trust';
import { paymentsRoutes } from './modules/checkout/payments.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { paymentSetupRoutes } from './modules/payments/payment-setup.routes';
import { notificationPreferencesRoutes } from './modules/notifications/preferences/preferences.routes';
import { failedDeliveriesRoutes } from './modules/admin/failed-deliveries.routes';
import { taskAlertsRoutes } from './modules/task-alerts/task-alerts.routes';
import { webPushRoutes } from './modules/notifications/delivery/web-push.routes';
import { paymentIntentWebhookHandlers } from './modules/checkout/payment-intent-webhooks';
import { wellKnownRoutes } from './modules/native/well-known.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { publicProfilesRoutes } from './modules/public-profiles/public-profiles.routes';
import { realtimeRoutes } from './realtime/realtime.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { maintenanceGuard } from './modules/settings/maintenance.middleware';
import { disputesRoutes } from './modules/disputes/disputes.routes';
import { discoveryRoutes } from './modules/discovery/discovery.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { onsiteRoutes } from './modules/onsite/onsite.routes';
import { reliabilityRoutes } from './modules/reliability/reliability.routes';
import { noAccessRoutes } from './modules/no-access/no-access.routes';
import { evidenceTrustRoutes } from './modules/evidence/evidence.routes';
import { evidenceChangesRoutes } from './modules/evidence/evidence-changes.routes';
import { lateWorkRoutes } from './modules/late-work/late-work.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { priceChangesRoutes } from './modules/price-changes/price-changes.routes';
import { videoUploadRoutes } from './modules/video-uploads/video-uploads.routes';
import { devClockRoutes } from './modules/dev/dev-clock.routes';
import { accountControlRoutes } from './modules/account-control/account-control.routes';
import { readsThroughApi, signedInDocuments } from './modules/page-documents/signed-in-documents';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { payoutWebhookHandlers } from './modules/earnings/earnings-sync';
import { tipsRoutes } from './modules/tips/tips.routes';


/** The methods the write-only guards are registered for: a GET never dispatches through them (decision 0479). */
const WRITES = [...STATE_CHANGING_METHODS];
const MAX_JSON_BODY = 1024 * 1024;
const MAX_UPLOAD_BODY = 52 * 1024 * 1024;

export function createApp(deps: AppDeps) {
  const { auth, db, clock } = deps;
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  const metrics = deps.metrics ?? noMetrics;
  const webhookFailures = createWebhookFailureLog();
  const clientIpOf = createClientIpResolver(deps.env.TRUSTED_PROXIES);
  // What every request goes through, as one place in Hono's chain (decision 0479).
  app.use(
    '*',
    inSequence(
      // Outermost: an error answer to an unread body drains it or closes the connection (decision 0212).
      cleanRefusals(),
      requestLogging({ isTrustedPeer: createTrustedPeerCheck(deps.env.TRUSTED_PROXIES), metrics, webhookFailures }),
      securityHeaders({ env: deps.env, publicUrl: deps.publicUrl }),
      (c, next) => {
        c.set('clientIp', clientIpOf(c));
        return next();
      },
    ),
  );
  // Cross-site writes and "simple" (preflight-free) bodies are refused before any route runs
  // (docs/decisions/0060, 0061); provider webhooks are exempt, their signatures authenticate them.
  const allowedOrigins = [deps.publicUrl, ...extraTrustedOriginsOf(deps.env)];
  // API-key requests carry no ambient credential: exempt from the origin rule under /api only (decision 0472).
  app.on(WRITES, '/api/*', originCheck({ allowedOrigins, bearerExempt: true }));
  app.on(WRITES, '/dev/*', originCheck({ allowedOrigins }));
  app.on(WRITES, '/api/*', contentTypeCheck());

  // JSON bodies are small; multipart uploads may carry up to ten 5 MB evidence photos.
  const tooLarge = () => {
    throw new AppError('payload_too_large', messages.adminOverrides.requestTooLarge);
  };
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BODY, onError: tooLarge });
  // Only writes carry a body: a GET also spares the adapter from building a full Request.
  app.on(WRITES, '/api/*', (c, next) =>
    (c.req.header('content-type') ?? '').startsWith('multipart/form-data') ? uploadLimit(c, next) : jsonLimit(c, next),
  );

  // Probes and the metrics scrape: outside /api, so no session, origin or maintenance rule applies.
  app.route('/', opsRoutes({ readiness: deps.readiness, metrics, metricsToken: deps.env.METRICS_TOKEN }));

  // The API's answers gzipped for browsers (json-compression.ts). Issue 54: `Authorization: Bearer <key>`
  // is decided here, before the auth routes and the session read.
  app.use(
    '/api/*',
    inSequence(
      jsonCompression(),
      apiKeyAuth({
        check: (key, now) => checkApiKey(db, key, now),
        countRequest: (keyId, now) => countApiKeyRequest(db, keyId, now),
        now: () => clock.now(),
      }),
    ),
  );

  const sessions = deps.sessionCache ?? createSessionCache();
  const sessionEnding = deps.sessionEnding ?? localSessionEnding(sessions);
  // Better Auth's rate limiter reads the address from a header: only the server's own value counts.
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // Any change made through the auth API (sign-out, revocation, password or email change) drops
    // the caller's cached sessions before it runs, so this instance never answers from a stale read.
    const token = c.req.method === 'POST' ? sessionTokenOf(c.req.header('cookie')) : null;
    const cachedUserId = token ? sessions.get(token)?.user.id : undefined;
    if (cachedUserId) sessions.invalidateUser(cachedUserId);
    if (token) sessions.forgetToken(token);
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = c.get('clientIp');
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const response = await auth.handler(new Request(c.req.raw, { headers }));
    // Once the change is made, the other instances forget the user's sessions too (with Redis; the
    // NOTIFY of a deleted session reaches them anyway). A cookie this instance had not cached is
    // left to that NOTIFY: looking its user up would cost every auth call a read.
    if (cachedUserId) await sessionEnding.announce(cachedUserId);
    return response;
  });

  // Who is asking, for every other API route: routes decide whether a user is required. A session
  // read is remembered for SESSION_CACHE_TTL_MS, so the hot path makes no database round trip.
  const sessionOf = async (c: Context<AppEnv>) => {
    const token = sessionTokenOf(c.req.header('cookie'));
    let cached = token ? sessions.get(token) : undefined;
    if (token && !cached) {
      const { headers: authHeaders, response: result } = await auth.api.getSession({
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      if (result) {
        // The read renews a day-old session (decision 0005: 7 days, sliding daily on use). Its
        // cookie, with the renewed Max-Age, goes out with this answer: dropped, the browser's cookie
        // would still end 7 days after sign-in while the database kept the session alive. (A
        // refused session's cookie is left as it was: the answer is a 401, as before.)
        for (const setCookie of authHeaders?.getSetCookie() ?? []) c.header('Set-Cookie', setCookie, { append: true });
        // Issue 53: an admin without two-factor sign-in is flagged once per session read (not per
        // request). An account with two-factor on needs no look at its roles at all.
        const twoFactorOn = (result.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true;
        cached = {
          user: { ...result.user, id: result.user.id },
          session: { id: result.session.id, expiresAt: new Date(result.session.expiresAt) },
          adminWithoutTwoFactor: !twoFactorOn && (await isAdminWithoutTwoFactor(db, result.user.id)),
        };
        sessions.set(token, cached);
      }
    }
    return cached ?? null;
  };
  const setCaller = (c: Context<AppEnv>, cached: CachedSession | null | undefined) => {
    c.set('user', cached ? cached.user : null);
    c.set('session', cached ? cached.session : null);
    c.set('twoFactorSetupPending', cached?.adminWithoutTwoFactor === true);
  };
  // Who is asking: a cached session passes on without a promise of its own (decision 0479).
  const callerOf: MiddlewareHandler<AppEnv> = (c, next) => {
    // A key request has its user already (apiKeyAuth) and never reads a cookie.
    if (isKeyRequest(c)) return next();
    const token = sessionTokenOf(c.req.header('cookie'));
    const cached = token ? sessions.get(token) : undefined;
    if (cached || !token) {
      setCaller(c, cached);
      return next();
    }
    return sessionOf(c).then((read) => {
      setCaller(c, read);
      return next();
    });
  };
  // Issue 53: an admin without two-factor sign-in sets it up before anything else (decision 0474);
  // what the setup page needs is listed in http/two-factor-gate.ts.
  app.use('/api/*', inSequence(callerOf, twoFactorGate({ stillPending: (userId) => isAdminWithoutTwoFactor(db, userId) })));
  app.on(WRITES, '/api/*', maintenanceGuard(db));
  // After authentication: a stored answer belongs to its caller (decision 0472).
  app.on(['POST'], '/api/*', idempotency({ db, now: () => clock.now() }));

  const profiles = createProfilesService({ db, clock });
  app.route('/api', configRoutes(deps));
  app.route('/api', accountsRoutes(deps));
  app.route('/api', profilesRoutes(profiles));
  app.route('/api', notificationsRoutes(db));
  app.route('/api', geoRoutes(deps));
  app.route('/api', expertsRoutes(deps));
  app.route('/api', phoneRoutes(deps));
  // The task's routes, then its lists, applications, evidence and reviews, each module its own, in
  // the order the tasks module used to mount them (GET /tasks now after the task's own routes, which
  // no URL matches together). The modules above tasks hand it what it needs (TaskHooks), and
  // verification what a review sets off (ReviewHooks): tasks and reviews import neither.
  app.route('/api', tasksRoutes(deps, { callOffVisit, agreedStartOf }));
  app.route('/api', taskDetailsRoutes(deps, { reviews: taskReviewReads, changeRoundsOf }));
  app.route('/api', taskListsRoutes(deps));
  app.route('/api', applicationsRoutes(deps));
  app.route('/api', offersRoutes(deps));
  app.route('/api', evidenceSubmissionRoutes(deps));
  app.route('/api', evidenceChangesRoutes(deps));
  app.route('/api', lateWorkRoutes(deps));
  app.route('/api', priceChangesRoutes(deps));
  app.route('/api', reviewsRoutes(deps, communityTrustReviewHooks));
  app.route('/api', paymentsRoutes(deps));
  app.route('/api', receiptsRoutes(deps));
  app.route('/api', paymentSetupRoutes(deps, { webhookHandlers: { ...paymentIntentWebhookHandlers, ...payoutWebhookHandlers } }));
  app.route('/api', settingsRoutes(deps));
  app.route('/api', verificationRoutes(deps));
  app.route('/api', publicProfilesRoutes(deps));
  app.route('/api', messagesRoutes(deps));
  if (deps.realtime) app.route('/api', realtimeRoutes(deps.realtime));
  app.route('/api', notificationPreferencesRoutes(deps));
  app.route('/api', failedDeliveriesRoutes(deps));
  app.route('/api', taskAlertsRoutes(deps));
  app.route('/api', webPushRoutes(deps));
  app.route('/api', adminRoutes(deps));
  app.route('/api', adminTransactionsRoutes(deps));
  app.route('/api', disputesRoutes(deps));
  app.route('/api', discoveryRoutes(deps));
  app.route('/api', twoWayReviewsRoutes(deps, communityTrustReviewHooks));
  app.route('/api', invitationsRoutes(deps));
  app.route('/api', appointmentsRoutes(deps));
  app.route('/api', onsiteRoutes(deps));
  app.route('/api', reliabilityRoutes(deps));
  app.route('/api', noAccessRoutes(deps));
  app.route('/api', accountControlRoutes({ ...deps, sessionCache: sessions, sessionEnding }));
  app.route('/api', videoUploadRoutes(deps));
  app.route('/api', evidenceTrustRoutes(deps));
  // Issue 51: the expert's earnings and payouts, the client's tips.
  app.route('/api', earningsRoutes(deps));
  app.route('/api', tipsRoutes(deps));
  // Issue 54: API keys (session only: keys cannot manage keys).
  app.route('/api', apiKeysRoutes(deps));
  app.route('/api', webhooksRoutes(deps));
  app.route('/api', systemRoutes({ ...deps, webhookFailures }));
  app.route('/api', openApiRoutes({ production: deps.env.NODE_ENV === 'production', version: API_VERSION }));

  app.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: messages.common.notFound } }, 404));

  // The local payment provider's own pages (account setup, 3-D Secure, payout dashboard), marked as test
  // pages, whenever that provider is in use: with PAYMENTS_PROVIDER=local in production too, else an
  // expert could never set up the account a hold pays into. Nothing else of /dev (decision 0474).
  if (deps.providers.localPaymentPages) app.route(LOCAL_PAYMENT_PAGES_PATH, deps.providers.localPaymentPages);
  if (deps.env.NODE_ENV !== 'production') app.route('/dev', devRoutes(deps));
  // Universal links / App Links for the native app; before the SPA fallback.
  app.route('/', wellKnownRoutes(deps.env));
  if (deps.env.NODE_ENV !== 'production') app.route('/dev', devClockRoutes(deps));

  robotsRoute(app);
  const webRoot = deps.webRoot;
  if (webRoot && existsSync(resolve(webRoot, 'index.html'))) {
    // Hashed file names change with their content: cache them for a year. Everything else (index.html,
    // icons) is revalidated on every use. Both are sent precompressed (brotli or gzip) when accepted.
    // (serveStatic's onFound runs after its response is made, too late to add headers: hence these.
    // Set on c.res.headers: c.header() after the handler would copy the answer into another Response.)
    const cacheFor = (value: string) => async (c: Context, next: Next) => {
      await next();
      if (c.res.ok && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
    };
    app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'), serveStatic({ root: webRoot, precompressed: true }));
    // The landing page and every client-side route's document: index.html, held in memory (index-document.ts).
    const indexHtml = indexDocument(webRoot);
    app.get('/', indexHtml);
    // The documents made per request are gzipped for browsers as the API's answers are (json-compression.ts).
    const compressed = documentCompression();
    // A public expert profile's document carries its first screen (decision 0404); any other page is index.html.
    app.get('/expert/:id', cacheFor('no-cache'), compressed, expertProfileDocument({ db: deps.db, webRoot }));
    // The client's dashboard and a task's header, for a signed-in user who may see them (decision 0408),
    // and the task page's first reads (decision 0413).
    const signedIn = signedInDocuments({
      deps,
      webRoot,
      userOf: async (c) => (await sessionOf(c))?.user ?? null,
      firstReads: readsThroughApi(app),
    });
    app.get('/dashboard', cacheFor('private, no-cache'), compressed, signedIn.clientDashboard);
    app.get('/task/:id', cacheFor('private, no-cache'), compressed, signedIn.task);
    // The admin overview's first reads (decision 0414).
    app.get('/admin', cacheFor('private, no-cache'), compressed, signedIn.admin);
    app.use('*', cacheFor('no-cache'), etag(), serveStatic({ root: webRoot, precompressed: true }));
    app.get('*', indexHtml);
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
