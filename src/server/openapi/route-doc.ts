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
  /**
   * The JSON body of each answer by status (`200`, `201`, `503`...). Errors (4xx, 5xx) need no entry: they
   * are the shared `{ error: { code, message } }` shape. The API suite checks every response against these.
   */
  responses?: Partial<Record<number, z.ZodType>>;
  /**
   * A success answer that is not JSON: a photo or file (`image/*`, `application/octet-stream`), a CSV
   * export, the metrics text, an HTML page, a redirect (302, no content type) or a WebSocket upgrade (101).
   */
  produces?: { status: number; contentType?: string; description: string };
  /** The route answers with a library's own shapes (Better Auth): its errors are not the shared shape. */
  foreignErrors?: boolean;
}
