import { z } from 'zod';
import { listReceiptsQuerySchema, receiptDtoSchema } from '@shared/schemas/receipts.schemas';
import type { RouteDoc } from '../route-doc';

/** Receipts for clients (issue 51, docs/decisions/0468). */
export const receiptsDocs: RouteDoc[] = [
  {
    route: 'GET /api/me/receipts',
    summary: "The caller's receipts (payments, partial payments, refunds, tips), newest first; `before` pages on",
    access: 'user',
    query: listReceiptsQuerySchema,
    responses: { 200: z.object({ receipts: z.array(receiptDtoSchema) }) },
  },
  {
    route: 'GET /api/receipts/:id/pdf',
    summary: 'One receipt as a PDF (application/pdf), for the client it was issued to or an admin; 404 for anyone else',
    access: 'user',
    produces: { status: 200, contentType: 'application/pdf', description: 'The receipt as a PDF (attachment).' },
  },
];
