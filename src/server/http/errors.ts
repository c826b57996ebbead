import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { messages } from '@shared/messages';
import { AppError } from '../lib/errors';
import { errorField, log } from '../ops/logger';

/** Maps every thrown error to `{ error: { code, message } }`; unknown errors never leak details. */
export function handleError(error: Error, c: Context) {
  if (error instanceof AppError) {
    if (error.code === 'internal' || error.code === 'provider_error') log.error({ code: error.code, details: error.details }, error.message);
    return c.json(error.toJSON(), error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    return c.json({ error: { code: status === 413 ? 'payload_too_large' : 'bad_request', message: error.message } }, status);
  }
  log.error({ err: errorField(error) }, 'unhandled error');
  return c.json({ error: { code: 'internal', message: messages.common.internal } }, 500);
}
