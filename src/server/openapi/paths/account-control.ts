import {
  deleteAccountSchema,
  sessionIdParamsSchema,
  suspendUserSchema,
} from '@shared/schemas/account-control.schemas';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import type { RouteDoc } from '../route-doc';

export const accountControlDocs: RouteDoc[] = [
  {
    route: 'DELETE /api/account/sessions/:id',
    summary: 'Sign out one of my other sessions',
    access: 'user',
    params: sessionIdParamsSchema,
  },
  {
    route: 'DELETE /api/admin/users/:id/suspension',
    summary: "Lift a user's suspension",
    access: 'admin',
    params: idParamsSchema,
  },
  { route: 'GET /api/account/sessions', summary: 'List my signed-in sessions', access: 'user' },
  { route: 'GET /api/account/exports', summary: 'My data exports and whether I may ask for another', access: 'user' },
  { route: 'POST /api/account/exports', summary: 'Ask for an export of my data (one a day)', access: 'user' },
  {
    route: 'GET /api/account/exports/:id/download',
    summary: 'Download my data export (a ZIP, for 7 days)',
    access: 'user',
    params: idParamsSchema,
  },
  {
    route: 'GET /api/admin/users/:id/suspension',
    summary: "Read a user's suspension",
    access: 'admin',
    params: idParamsSchema,
  },
  {
    route: 'POST /api/account/delete',
    summary: 'Delete my account',
    access: 'user',
    body: deleteAccountSchema,
  },
  {
    route: 'POST /api/account/sessions/sign-out-others',
    summary: 'Sign out all my other sessions',
    access: 'user',
  },
  {
    route: 'POST /api/admin/users/:id/suspension',
    summary: 'Suspend a user',
    access: 'admin',
    body: suspendUserSchema,
    params: idParamsSchema,
  },
];
