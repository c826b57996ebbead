import {
  evidenceItemsDtoSchema,
  publicReportDtoSchema,
  reportAnswerSchema,
  verifyResultDtoSchema,
} from '@shared/schemas/evidence-api.schemas';
import type { RouteDoc } from '../route-doc';

const reportPdf = {
  status: 200,
  contentType: 'application/pdf',
  description: 'The inspection report PDF (inline).',
};

export const evidenceDocs: RouteDoc[] = [
  {
    route: 'GET /api/reports/:id',
    summary: 'A public evidence report',
    access: 'public',
    responses: { 200: publicReportDtoSchema },
  },
  {
    route: 'GET /api/reports/:id/pdf',
    summary: 'A public evidence report as PDF',
    access: 'public',
    produces: reportPdf,
  },
  {
    route: 'GET /api/tasks/:id/evidence-items',
    summary: 'The evidence items of a task',
    access: 'user',
    responses: { 200: evidenceItemsDtoSchema },
  },
  {
    route: 'GET /api/tasks/:id/report',
    summary: 'The evidence report of a task',
    access: 'user',
    produces: reportPdf,
  },
  {
    route: 'GET /api/tasks/:id/report/summary',
    summary: 'The evidence report summary of a task',
    access: 'user',
    responses: { 200: reportAnswerSchema },
  },
  {
    route: 'POST /api/reports/:id/verify',
    summary: 'Verify a PDF against a public report',
    access: 'public',
    upload: true,
    responses: { 200: verifyResultDtoSchema },
  },
  {
    route: 'POST /api/tasks/:id/report/revoke',
    summary: 'Revoke the public evidence report',
    access: 'user',
    responses: { 200: reportAnswerSchema },
  },
];
