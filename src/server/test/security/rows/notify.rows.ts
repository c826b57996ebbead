import { authSecretOf } from '../../../env';
import { unsubscribeToken } from '../../../modules/notifications/preferences/unsubscribe-token';
import { everyone, signedIn, type MatrixRow, type World } from '../matrix';
import { adminOnly, x } from './row-builders';

/** A valid one-click unsubscribe token of the owner (the token, not the caller, is the authority). */
const ownerToken = (w: World) => ({
  params: { token: unsubscribeToken(authSecretOf(w.t.context.env), w.users.owner.id, 'announcements') },
});

/** Notification preferences, one-click unsubscribe and failed deliveries (issue 19). */
export const notifyRows: MatrixRow[] = [
  { route: 'GET /api/notification-preferences', cases: [{ name: 'own preferences', expect: signedIn(200) }] },
  {
    route: 'PUT /api/notification-preferences',
    cases: [
      {
        name: 'own preferences',
        arrange: () => ({ body: { preferences: [{ category: 'messages', channel: 'push', enabled: false }] } }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'GET /api/webhooks/unsubscribe/:token',
    cases: [
      { name: 'a signed token', arrange: ownerToken, expect: everyone(200) },
      { name: 'a forged token', arrange: () => ({ params: { token: 'Zm9yZ2VkLmFubm91bmNlbWVudHM.AAAAAAAAAA' } }), expect: everyone(404) },
    ],
  },
  {
    route: 'POST /api/webhooks/unsubscribe/:token',
    cases: [
      { name: 'a signed token', arrange: ownerToken, expect: everyone(200) },
      { name: 'a forged token', arrange: () => ({ params: { token: 'Zm9yZ2VkLmFubm91bmNlbWVudHM.AAAAAAAAAA' } }), expect: everyone(404) },
    ],
  },
  { route: 'GET /api/admin/failed-deliveries', cases: [{ name: 'the list', expect: adminOnly(200) }] },
  // Task alerts: experts only (clients and admins without the expert role get 403).
  { route: 'GET /api/task-alert-settings', cases: [{ name: 'own alerts', expect: x(401, 403, 403, 200, 200, 200, 403) }] },
  {
    route: 'PUT /api/task-alert-settings',
    cases: [
      {
        name: 'own alerts',
        arrange: () => ({ body: { enabled: true, radius_miles: 50, categories: ['general'], min_budget: 0 } }),
        expect: x(401, 403, 403, 200, 200, 200, 403),
      },
    ],
  },
];
