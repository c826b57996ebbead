import { webPushSubscriptions } from '../../../db/schema';
import { signedIn, type MatrixRow, type Role, type World } from '../matrix';
import { x } from './row-builders';

const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
let serial = 0;
const endpoint = () => `https://push.example.test/matrix/${(serial += 1)}-${Date.now()}`;

/** A fresh subscription of `holder` (the caller when signed in, else the task's owner). */
async function subscriptionOf(w: World, holder: Exclude<Role, 'anon'>) {
  const target = endpoint();
  await w.t.db.insert(webPushSubscriptions).values({ user_id: w.users[holder].id, endpoint: target, ...KEYS });
  return { query: { endpoint: target } };
}

/** Browser web push (issue 19): a caller only ever touches their own browser's subscription. */
export const webPushRows: MatrixRow[] = [
  { route: 'GET /api/web-push/public-key', cases: [{ name: 'the VAPID key', expect: signedIn(200) }] },
  {
    route: 'POST /api/web-push/subscriptions',
    cases: [{ name: 'this browser', arrange: () => ({ body: { endpoint: endpoint(), keys: KEYS } }), expect: signedIn(201) }],
  },
  {
    route: 'DELETE /api/web-push/subscriptions',
    cases: [
      { name: 'own browser', arrange: (w, role) => subscriptionOf(w, role === 'anon' ? 'owner' : role), expect: signedIn(204) },
      { name: "the owner's browser", arrange: (w) => subscriptionOf(w, 'owner'), expect: x(401, 204, 404, 404, 404, 404, 404) },
    ],
  },
];
