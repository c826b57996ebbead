import type { Context, MiddlewareHandler } from 'hono';
import { messages } from '@shared/messages';
import { AppError } from '../lib/errors';
import { isSignedWebhookPath, STATE_CHANGING_METHODS } from './origin-check';

export type BodyKind = 'json' | 'multipart';

/** The media type of a request without parameters, lower case; '' when absent. */
export function mediaTypeOf(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

const KIND_BY_MEDIA_TYPE: Record<string, BodyKind> = {
  'application/json': 'json',
  'multipart/form-data': 'multipart',
};

/** Whether the request announces a body (a length above zero, or a chunked stream). */
export function announcesBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) > 0;
  return c.req.header('transfer-encoding') !== undefined;
}

export const unsupportedMediaType = (kind: BodyKind) =>
  new AppError('unsupported_media_type', kind === 'json' ? messages.security.jsonRequired : messages.security.multipartRequired);

/**
 * The API accepts bodies only as application/json or multipart/form-data (docs/decisions/0061):
 * text/plain, x-www-form-urlencoded and the like are "simple" requests a foreign page can send without
 * a CORS preflight. A write without a body needs no content type (cancel, accept, confirm...). Which of
 * the two a route needs is enforced where it reads its body (jsonBody / formData in validation.ts).
 */
export function contentTypeCheck(): MiddlewareHandler {
  // Not async (nothing here waits): no promise of its own per request (issue 55).
  return (c, next) => {
    if (!STATE_CHANGING_METHODS.has(c.req.method) || isSignedWebhookPath(c.req.path)) return next();
    const mediaType = mediaTypeOf(c);
    if (mediaType === '' ? announcesBody(c) : !(mediaType in KIND_BY_MEDIA_TYPE)) throw unsupportedMediaType('json');
    return next();
  };
}

/** For a route that reads a body of `kind`: 415 when the request says it is something else. */
export function requireBodyKind(c: Context, kind: BodyKind) {
  const mediaType = mediaTypeOf(c);
  if (mediaType === '' && !announcesBody(c)) return;
  if (KIND_BY_MEDIA_TYPE[mediaType] !== kind) throw unsupportedMediaType(kind);
}
