import { eq } from 'drizzle-orm';
import { expertProfiles } from '../../../db/schema';
import { createNotification } from '../../builders';
import { signedIn, type MatrixRow } from '../matrix';
import { pngForm } from './row-builders';

/** The caller's own account: profile, roles, avatar, phone, notifications, expert application. */
export const accountRows: MatrixRow[] = [
  { route: 'GET /api/me', cases: [{ name: 'own account', expect: signedIn(200) }] },
  {
    route: 'POST /api/me/onboarding',
    cases: [
      {
        // The role the caller already has (choosing another would change the shared test users).
        name: 'the role already held',
        arrange: (_w, role) => ({ body: { role: ['applicant', 'assigned', 'otherExpert'].includes(role) ? 'expert' : 'client' } }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'POST /api/me/role',
    cases: [
      {
        // Asking for the role already held changes nothing, so the shared test users keep their roles.
        name: 'the role already held',
        arrange: (_w, role) => ({ body: { role: ['applicant', 'assigned', 'otherExpert'].includes(role) ? 'expert' : 'client' } }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'PATCH /api/me/profile',
    cases: [{ name: 'own names', arrange: () => ({ body: { first_name: 'Same', last_name: 'Tester' } }), expect: signedIn(200) }],
  },
  {
    route: 'PUT /api/me/push-token',
    cases: [{ name: 'own device', arrange: () => ({ body: { fcm_token: 'device-token' } }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/me/avatar',
    cases: [{ name: 'own picture', arrange: () => ({ body: pngForm('avatar', 'me.png') }), expect: signedIn(200) }],
  },
  {
    route: 'GET /api/avatars/:userId/:fileName',
    cases: [
      {
        name: "the owner's uploaded picture (public)",
        arrange: async (w) => {
          const response = await w.t.request('POST', '/api/me/avatar', { body: pngForm('avatar', 'me.png'), cookie: w.users.owner.cookie });
          const { avatar_url } = (await response.json()) as { avatar_url: string };
          const [userId, fileName] = avatar_url.split('/').slice(-2) as [string, string];
          return { params: { userId, fileName } };
        },
        expect: { anon: 200, owner: 200, otherClient: 200, applicant: 200, assigned: 200, otherExpert: 200, admin: 200 },
      },
    ],
  },
  { route: 'GET /api/notifications', cases: [{ name: 'own list', expect: signedIn(200) }] },
  {
    route: 'POST /api/notifications/read-all',
    cases: [{ name: 'own notifications', arrange: () => ({ body: {} }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/notifications/:id/read',
    cases: [
      {
        name: "the owner's notification",
        arrange: async (w) => {
          const row = await createNotification(w.t.db, { user_id: w.users.owner.id });
          return { params: { id: row.id } };
        },
        expect: { anon: 401, owner: 200, otherClient: 404, applicant: 404, assigned: 404, otherExpert: 404, admin: 404 },
      },
    ],
  },
  { route: 'GET /api/phone-verification', cases: [{ name: 'own status', expect: signedIn(200) }] },
  {
    route: 'POST /api/phone-verification/send',
    cases: [
      {
        name: 'own number',
        arrange: () => ({ body: { phoneNumber: `+1212555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}` } }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'POST /api/phone-verification/verify',
    cases: [{ name: 'a wrong code (each caller was sent one above)', arrange: () => ({ body: { code: '000000' } }), expect: signedIn(400) }],
  },
  {
    route: 'GET /api/experts/me',
    cases: [
      {
        name: 'own expert profile (null for non-experts)',
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'POST /api/experts/application',
    cases: [{ name: 'an incomplete form (never changes a role here)', arrange: () => ({ body: new FormData() }), expect: signedIn(400) }],
  },
  {
    route: 'GET /api/experts/:id/document',
    cases: [
      {
        name: "the assigned expert's identity document",
        arrange: async (w) => {
          const key = `documents/${w.users.assigned.id}/id.pdf`;
          await w.t.providers.storage.put(key, new TextEncoder().encode('%PDF-1.7 test'), { contentType: 'application/pdf' });
          await w.t.db.update(expertProfiles).set({ document_url: key }).where(eq(expertProfiles.id, w.users.assigned.id));
          return { params: { id: w.users.assigned.id } };
        },
        expect: { anon: 401, owner: 403, otherClient: 403, applicant: 403, assigned: 200, otherExpert: 403, admin: 200 },
      },
    ],
  },
  {
    route: 'POST /api/payment-setup/account',
    cases: [
      {
        name: 'own payout account',
        arrange: () => ({ body: {} }),
        expect: { anon: 401, owner: 404, otherClient: 404, applicant: 200, assigned: 200, otherExpert: 200, admin: 404 },
      },
    ],
  },
  {
    route: 'POST /api/payment-setup/refresh-link',
    cases: [
      {
        name: 'own payout account',
        arrange: () => ({ body: {} }),
        expect: { anon: 401, owner: 404, otherClient: 404, applicant: 200, assigned: 200, otherExpert: 200, admin: 404 },
      },
    ],
  },
  {
    route: 'POST /api/payment-setup/verify',
    cases: [
      {
        name: 'own payout account',
        expect: { anon: 401, owner: 404, otherClient: 404, applicant: 200, assigned: 200, otherExpert: 200, admin: 404 },
      },
    ],
  },
];
