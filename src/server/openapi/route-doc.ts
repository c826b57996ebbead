import type { z } from 'zod';

/**
 * The description of one endpoint of the API, next to nothing else: the zod schemas are the ones the
 * route itself validates with (src/shared/schemas), so the document cannot drift from the checks.
 */
export interface RouteDoc {
  /** `METHOD /path` exactly as Hono's app.routes lists it, e.g. `POST /api/tasks/:id/cancel`. */
  route: string;
  summary: string;
  /** Who may call it: anyone, a signed-in user (session cookie), or an admin with two-factor sign-in. */
  access: 'public' | 'user' | 'admin' | 'token';
  body?: z.ZodType;
  /** A multipart/form-data upload (the form's fields are described in `summary`). */
  upload?: boolean;
  query?: z.ZodType;
  params?: z.ZodType;
}
