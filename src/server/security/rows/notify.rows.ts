import { authSecretOf } from '../../env';
import { unsubscribeToken } from '../../notify/unsubscribe-token';
import { everyone, signedIn, type MatrixRow, type World } from '../matrix';
import { adminOnly } from './row-builders';

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
];
