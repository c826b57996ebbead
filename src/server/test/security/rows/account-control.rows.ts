import { randomUUID } from 'node:crypto';
import { signedIn, type MatrixRow } from '../matrix';
import { adminOnly } from './row-builders';

/** Issue 22: my sessions, and an admin's suspension of a user. */
export const accountControlRows: MatrixRow[] = [
  { route: 'GET /api/account/sessions', cases: [{ name: 'my sessions', expect: signedIn(200) }] },
  {
    route: 'DELETE /api/account/sessions/:id',
    cases: [{ name: 'a session that is not mine (or none)', arrange: () => ({ params: { id: randomUUID() } }), expect: signedIn(404) }],
  },
  {
    route: 'POST /api/account/sessions/sign-out-others',
    cases: [{ name: 'no other session to end', arrange: () => ({ body: {} }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/account/delete',
    cases: [{ name: 'a wrong password deletes nothing', arrange: () => ({ body: { password: 'not-the-password' } }), expect: signedIn(400) }],
  },
  { route: 'GET /api/account/exports', cases: [{ name: 'my exports', expect: signedIn(200) }] },
  { route: 'POST /api/account/exports', cases: [{ name: 'ask for my data', arrange: () => ({ body: {} }), expect: signedIn(202) }] },
  {
    route: 'GET /api/account/exports/:id/download',
    cases: [{ name: 'an export that is not mine (or none)', arrange: () => ({ params: { id: randomUUID() } }), expect: signedIn(404) }],
  },
  {
    route: 'GET /api/admin/users/:id/suspension',
    cases: [{ name: 'a user', arrange: (w) => ({ params: { id: w.users.otherClient.id } }), expect: adminOnly(200) }],
  },
  {
    route: 'POST /api/admin/users/:id/suspension',
    cases: [
      {
        name: 'suspend a new client',
        arrange: async (w) => ({ params: { id: (await w.t.createUser('client')).id }, body: { reason: 'Abusive messages' } }),
        expect: adminOnly(201),
      },
      {
        name: 'no reason',
        arrange: (w) => ({ params: { id: w.users.otherClient.id }, body: { reason: '' } }),
        expect: adminOnly(400),
      },
    ],
  },
  {
    route: 'DELETE /api/admin/users/:id/suspension',
    cases: [{ name: 'a user who is not suspended', arrange: (w) => ({ params: { id: w.users.otherClient.id } }), expect: adminOnly(409) }],
  },
];
