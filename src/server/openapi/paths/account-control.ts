import {
  deleteAccountSchema,
  sessionIdParamsSchema,
  suspendUserSchema,
} from '@shared/schemas/account-control.schemas';
import {
  accountDeletedSchema,
  accountSessionsSchema,
  dataExportListSchema,
  dataExportQueuedSchema,
  endedSessionsSchema,
  suspensionDtoSchema,
} from '@shared/schemas/account-control-api.schemas';
import { successSchema } from '@shared/schemas/api-response-helpers';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import type { RouteDoc } from '../route-doc';

export const accountControlDocs: RouteDoc[] = [
  {
    route: 'DELETE /api/account/sessions/:id',
    summary: 'Sign out one of my other sessions',
    access: 'user',
    params: sessionIdParamsSchema,
    responses: { 200: successSchema },
  },
  {
    route: 'DELETE /api/admin/users/:id/suspension',
    summary: "Lift a user's suspension",
    access: 'admin',
    params: idParamsSchema,
    responses: { 200: suspensionDtoSchema },
  },
  {
    route: 'GET /api/account/sessions',
    summary: 'List my signed-in sessions',
    access: 'user',
    responses: { 200: accountSessionsSchema },
  },
  {
    route: 'GET /api/account/exports',
    summary: 'My data exports, newest first',
    access: 'user',
    responses: { 200: dataExportListSchema },
  },
  {
    route: 'POST /api/account/exports',
    summary: 'Ask for an export of my data (one a day; 202, a job builds it)',
    access: 'user',
    responses: { 202: dataExportQueuedSchema },
  },
  {
    route: 'GET /api/account/exports/:id/download',
    summary: 'Download my data export (a ZIP, for 7 days)',
    access: 'user',
    params: idParamsSchema,
    produces: {
      status: 200,
      contentType: 'application/zip',
      description: 'The export archive (an attachment).',
    },
  },
  {
    route: 'GET /api/admin/users/:id/suspension',
    summary: "Read a user's suspension",
    access: 'admin',
    params: idParamsSchema,
    responses: { 200: suspensionDtoSchema },
  },
  {
    route: 'POST /api/account/delete',
    summary: 'Delete my account',
    access: 'user',
    body: deleteAccountSchema,
    responses: { 200: accountDeletedSchema },
  },
  {
    route: 'POST /api/account/sessions/sign-out-others',
    summary: 'Sign out all my other sessions',
    access: 'user',
    responses: { 200: endedSessionsSchema },
  },
  {
    route: 'POST /api/admin/users/:id/suspension',
    summary: 'Suspend a user',
    access: 'admin',
    body: suspendUserSchema,
    params: idParamsSchema,
    responses: { 201: suspensionDtoSchema },
  },
];
