import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  /** 403 for an admin who has not set up two-factor sign-in yet (issue 53): the web sends them to set it up. */
  | 'two_factor_required'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'too_many_requests'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'provider_error'
  | 'internal';

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  two_factor_required: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  provider_error: 502,
  internal: 500,
};

/**
 * The one error type of the API. `message` is a user-facing text from src/shared/messages.ts;
 * the JSON body is `{ error: { code, message, fields? } }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, options?: { fields?: Record<string, string>; details?: unknown }) {
    super(message);
    this.code = code;
    this.fields = options?.fields;
    this.details = options?.details;
  }

  get status(): ContentfulStatusCode {
    return statusByCode[this.code];
  }

  toJSON() {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('bad_request', message, { fields });
export const unauthenticated = (message: string) => new AppError('unauthenticated', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
