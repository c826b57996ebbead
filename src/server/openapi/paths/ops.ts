import { z } from 'zod';
import { jobIdParamsSchema, retriedJobSchema, systemStatusDtoSchema } from '@shared/schemas/system.schemas';
import type { RouteDoc } from '../route-doc';

const check = z.object({ ok: z.boolean(), detail: z.string().optional() });
const readinessSchema = z
  .object({
    status: z.enum(['ready', 'not_ready', 'draining']),
    checks: z.object({ database: check, migrations: check, listener: check, jobs: check }).partial(),
  })
  .meta({ id: 'Readiness' });

/** Enough of an OpenAPI 3.1 document to know it is one: the version, the info block and the paths. */
const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string().startsWith('3.'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'OpenApiDocument' });

/** The probes, the metrics scrape and this document itself (issue 21). */
export const opsDocs: RouteDoc[] = [
  {
    route: 'GET /healthz',
    summary: 'Liveness: the process answers',
    access: 'public',
    responses: { 200: z.object({ status: z.literal('ok') }) },
  },
  {
    route: 'GET /readyz',
    summary: 'Readiness: database, migrations, listener and job runner (503 when not ready)',
    access: 'public',
    responses: { 200: readinessSchema, 503: readinessSchema },
  },
  {
    route: 'GET /metrics',
    summary: 'Prometheus metrics (bearer METRICS_TOKEN, or alone on METRICS_PORT)',
    access: 'token',
    produces: {
      status: 200,
      contentType: 'text/plain; version=0.0.4',
      description: 'The Prometheus text format.',
    },
  },
  {
    route: 'GET /api/openapi.json',
    summary: 'This OpenAPI description of the API',
    access: 'public',
    responses: { 200: openApiDocumentSchema },
  },
  {
    route: 'GET /api/reference',
    summary: 'A readable reference page of this description (development only)',
    access: 'public',
    produces: { status: 200, contentType: 'text/html', description: 'A table of every route (no scripts).' },
  },
  {
    route: 'GET /api/auth/*',
    summary: 'Better Auth sign-in, session and account endpoints (reads)',
    access: 'public',
    foreignErrors: true,
    produces: {
      status: 200,
      contentType: 'application/json',
      description:
        "Better Auth's own answers (e.g. get-session: the session and user, or null). The email confirmation link answers a 302 redirect to the web app.",
    },
  },
  {
    route: 'POST /api/auth/*',
    summary: 'Better Auth sign-in, session and account endpoints (writes)',
    access: 'public',
    foreignErrors: true,
    produces: {
      status: 200,
      contentType: 'application/json',
      description:
        "Better Auth's own answers (e.g. sign-in: the user and a session cookie); see its documentation.",
    },
  },
];

/** The admin System tab (issue 21). */
export const systemDocs: RouteDoc[] = [
  {
    route: 'GET /api/admin/system',
    summary: 'Admin: job queue, failed jobs, payment retries, webhook and delivery failures, versions',
    access: 'admin',
    responses: { 200: systemStatusDtoSchema },
  },
  {
    route: 'POST /api/admin/system/jobs/:id/retry',
    summary: 'Admin: give a failed job one more attempt now',
    access: 'admin',
    params: jobIdParamsSchema,
    responses: { 200: retriedJobSchema },
  },
];
