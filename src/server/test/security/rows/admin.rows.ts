import { type MatrixRow } from '../matrix';
import { adminOnly } from './row-builders';

/** A plain admin read. */
const read = (route: string, query?: Record<string, string>): MatrixRow => ({
  route,
  cases: [{ name: 'admin read', arrange: () => ({ query }), expect: adminOnly(200) }],
});

/** The admin console: overview, users and roles, oversight lists, notifications, settings, reports. */
export const adminRows: MatrixRow[] = [
  read('GET /api/admin/overview'),
  read('GET /api/admin/users', { role: 'expert', page: '1' }),
  {
    route: 'POST /api/admin/users/:id/roles',
    cases: [
      {
        name: 'make a new client an expert',
        arrange: async (w) => ({ params: { id: (await w.t.createUser('client')).id }, body: { role: 'expert' } }),
        expect: adminOnly(201),
      },
      {
        name: 'a role already held',
        arrange: (w) => ({ params: { id: w.users.applicant.id }, body: { role: 'expert' } }),
        expect: adminOnly(200),
      },
      {
        name: '"client" is no role to add',
        arrange: (w) => ({ params: { id: w.users.otherClient.id }, body: { role: 'client' } }),
        expect: adminOnly(400),
      },
    ],
  },
  {
    route: 'DELETE /api/admin/users/:id/roles/:role',
    cases: [
      {
        name: "a new expert's expert role",
        arrange: async (w) => ({ params: { id: (await w.t.createUser('expert')).id, role: 'expert' } }),
        expect: adminOnly(200),
      },
      {
        // The world's admin is the only one in this app.
        name: 'the last admin keeps the admin role',
        arrange: (w) => ({ params: { id: w.users.admin.id, role: 'admin' } }),
        expect: adminOnly(409),
      },
      {
        name: '"client" cannot be removed',
        arrange: (w) => ({ params: { id: w.users.otherClient.id, role: 'client' } }),
        expect: adminOnly(400),
      },
    ],
  },
  read('GET /api/admin/audit'),
  read('GET /api/admin/client-flags'),
  read('GET /api/admin/transactions', { status: 'all' }),
  {
    route: 'GET /api/admin/transactions/export',
    cases: [
      { name: 'the CSV', arrange: () => ({ query: { status: 'captured' } }), expect: adminOnly(200) },
      { name: 'an unknown status', arrange: () => ({ query: { status: 'stolen' } }), expect: adminOnly(400) },
    ],
  },
  {
    route: 'GET /api/admin/tasks',
    cases: [
      { name: 'a search and a status', arrange: () => ({ query: { search: 'inspect', status: 'open', page: '1' } }), expect: adminOnly(200) },
      { name: 'an unknown status', arrange: () => ({ query: { status: 'lost' } }), expect: adminOnly(400) },
    ],
  },
  read('GET /api/admin/notifications'),
  {
    route: 'POST /api/admin/notifications/mark-all-read',
    cases: [{ name: 'all notifications', arrange: () => ({ body: {} }), expect: adminOnly(200) }],
  },
  {
    route: 'POST /api/admin/notifications',
    cases: [
      {
        name: 'to one user',
        arrange: (w) => ({
          body: { audience: 'user', user_id: w.users.owner.id, title: 'Scheduled maintenance', message: 'The site is down on Sunday at 2 am.' },
        }),
        expect: adminOnly(201),
      },
    ],
  },
  // Issue 50: the cancellation policy's numbers, written back as they are.
  read('GET /api/admin/cancellation-policy'),
  {
    route: 'PUT /api/admin/cancellation-policy',
    cases: [
      {
        name: 'the current policy again',
        arrange: async (w) => {
          const response = await w.t.request('GET', '/api/admin/cancellation-policy', { cookie: w.users.admin.cookie });
          return { body: (await response.json()) as Record<string, unknown> };
        },
        expect: adminOnly(200),
      },
    ],
  },
  read('GET /api/admin/settings'),
  {
    route: 'PUT /api/admin/settings',
    cases: [
      {
        // The current settings again: the shared app's fee and prices stay as they are. maintenance_mode
        // comes first, so the fuzz pass (one field at a time) switches maintenance off again with the
        // next field's valid write.
        name: 'the current settings again',
        arrange: async (w) => {
          const response = await w.t.request('GET', '/api/admin/settings', { cookie: w.users.admin.cookie });
          const current = (await response.json()) as Record<string, unknown>;
          return { body: { maintenance_mode: current.maintenance_mode, ...current } };
        },
        expect: adminOnly(200),
      },
    ],
  },
  read('GET /api/admin/reports', { timeframe: '30d' }),
  {
    route: 'GET /api/admin/reports/export',
    cases: [
      { name: 'a CSV report', arrange: () => ({ query: { timeframe: '30d', report: 'finance' } }), expect: adminOnly(200) },
      { name: 'an unknown report', arrange: () => ({ query: { timeframe: '30d', report: 'passwords' } }), expect: adminOnly(400) },
    ],
  },
];
