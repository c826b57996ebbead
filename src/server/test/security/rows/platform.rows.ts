import { everyone, type MatrixRow } from '../matrix';

/** Public configuration, settings, geography, the API's catch-all and the auth endpoints. */
export const platformRows: MatrixRow[] = [
  { route: 'GET /api/config', cases: [{ name: 'public', expect: everyone(200) }] },
  { route: 'GET /api/public-settings', cases: [{ name: 'public', expect: everyone(200) }] },
  { route: 'GET /api/map-locations', cases: [{ name: 'public', expect: everyone(200) }] },
  {
    route: 'GET /api/geocode/search',
    cases: [{ name: 'public search', arrange: () => ({ query: { q: 'New York' } }), expect: everyone(200) }],
  },
  {
    route: 'GET /api/geocode/reverse',
    cases: [{ name: 'public', arrange: () => ({ query: { lat: '40.7128', lng: '-74.006' } }), expect: everyone(200) }],
  },
  {
    route: 'GET /api/static-data/:file',
    cases: [
      { name: 'a known file', arrange: () => ({ params: { file: 'us-states.json' } }), expect: everyone(200) },
      { name: 'anything else', arrange: () => ({ params: { file: '..%2F..%2Fpackage.json' } }), expect: everyone(404) },
    ],
  },
  {
    route: 'ALL /api/*',
    cases: [{ name: 'no such endpoint', arrange: () => ({ path: '/api/no-such-endpoint' }), expect: everyone(404) }],
  },
  {
    route: 'GET /api/auth/*',
    cases: [{ name: 'get-session', arrange: () => ({ path: '/api/auth/get-session' }), expect: everyone(200) }],
  },
  {
    route: 'POST /api/auth/*',
    cases: [
      {
        name: 'sign-in with a wrong password',
        arrange: (w) => ({ path: '/api/auth/sign-in/email', body: { email: w.users.owner.email, password: 'wrong-password' } }),
        expect: everyone(401),
      },
    ],
  },
  {
    route: 'POST /api/accounts/sign-up',
    cases: [
      {
        name: 'a new account',
        arrange: () => ({
          body: {
            email: `new-${Math.random().toString(36).slice(2)}@example.com`,
            password: 'a-long-enough-password',
            confirm_password: 'a-long-enough-password',
            first_name: 'New',
            last_name: 'Person',
          },
        }),
        expect: everyone(201),
      },
    ],
  },
  // App links for the native apps (modules/native): public, 404 while the apps are not configured.
  { route: 'GET /.well-known/apple-app-site-association', cases: [{ name: 'public, not configured', expect: everyone(404) }] },
  { route: 'GET /.well-known/assetlinks.json', cases: [{ name: 'public, not configured', expect: everyone(404) }] },
  {
    route: 'POST /api/payment-webhooks',
    cases: [{ name: 'unsigned event', arrange: () => ({ body: { id: 'evt_1', type: 'x' } }), expect: everyone(400) }],
  },
];

/** Development pages (never mounted in production). */
export const devRows: MatrixRow[] = [
  { route: 'GET /dev/outbox', cases: [{ name: 'dev only', expect: everyone(200) }] },
  { route: 'GET /dev/outbox/messages', cases: [{ name: 'dev only', expect: everyone(200) }] },
  {
    route: 'GET /dev/payments/onboarding/:token',
    cases: [{ name: 'unknown link', arrange: () => ({ params: { token: 'nope' } }), expect: everyone(404) }],
  },
  {
    route: 'POST /dev/payments/onboarding/:token',
    cases: [{ name: 'unknown link, no outcome', arrange: () => ({ params: { token: 'nope' }, body: {} }), expect: everyone(400) }],
  },
  {
    route: 'GET /dev/payments/payment-intents/:clientSecret',
    cases: [{ name: 'unknown intent', arrange: () => ({ params: { clientSecret: 'nope' } }), expect: everyone(404) }],
  },
  {
    route: 'POST /dev/payments/payment-intents/confirm',
    cases: [{ name: 'unknown intent, no card', arrange: () => ({ body: { client_secret: 'nope' } }), expect: everyone(400) }],
  },
  {
    route: 'GET /dev/payments/authenticate/:clientSecret',
    cases: [{ name: 'unknown intent', arrange: () => ({ params: { clientSecret: 'nope' } }), expect: everyone(404) }],
  },
  {
    route: 'POST /dev/payments/authenticate/:clientSecret',
    cases: [{ name: 'unknown intent', arrange: () => ({ params: { clientSecret: 'nope' }, body: {} }), expect: everyone(404) }],
  },
  { route: 'GET /dev/clock', cases: [{ name: 'dev only', expect: everyone(200) }] },
  {
    // Zero hours: the shared test clock stays where it is.
    route: 'POST /dev/clock/advance',
    cases: [{ name: 'dev only, no time', arrange: () => ({ body: { hours: 0 } }), expect: everyone(200) }],
  },
  {
    route: 'GET /dev/verification/sessions/:id',
    cases: [{ name: 'unknown session', arrange: () => ({ params: { id: 'nope' } }), expect: everyone(404) }],
  },
  {
    route: 'POST /dev/verification/sessions/:id/consent',
    cases: [{ name: 'unknown session', arrange: () => ({ params: { id: 'nope' }, body: {} }), expect: everyone(404) }],
  },
  {
    route: 'POST /dev/verification/sessions/:id/decision',
    cases: [{ name: 'unknown session', arrange: () => ({ params: { id: 'nope' }, body: {} }), expect: everyone(404) }],
  },
];
