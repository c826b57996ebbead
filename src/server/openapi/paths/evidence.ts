import type { RouteDoc } from '../route-doc';

export const evidenceDocs: RouteDoc[] = [
  { route: 'GET /api/reports/:id', summary: 'A public evidence report', access: 'public' },
  { route: 'GET /api/reports/:id/pdf', summary: 'A public evidence report as PDF', access: 'public' },
  { route: 'GET /api/tasks/:id/evidence-items', summary: 'The evidence items of a task', access: 'user' },
  { route: 'GET /api/tasks/:id/report', summary: 'The evidence report of a task', access: 'user' },
  {
    route: 'GET /api/tasks/:id/report/summary',
    summary: 'The evidence report summary of a task',
    access: 'user',
  },
  {
    route: 'POST /api/reports/:id/verify',
    summary: 'Verify a PDF against a public report',
    access: 'public',
    upload: true,
  },
  {
    route: 'POST /api/tasks/:id/report/revoke',
    summary: 'Revoke the public evidence report',
    access: 'user',
  },
];
