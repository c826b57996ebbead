import type { Context } from 'hono';
import type { z } from 'zod';
import { messages } from '@shared/messages';
import { AppError, badRequest } from '../lib/errors';
import { announcesBody, mediaTypeOf, requireBodyKind } from './content-type';

/**
 * C0 controls except tab, LF and CR, DEL, and C1 controls. They have no place in user text, and a NUL
 * makes PostgreSQL refuse the row (it used to surface as a 500).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnsafe = (text: string) => CONTROL_CHARACTERS.test(text) || LONE_SURROGATE.test(text);

/** The path of the first string (value or key) holding a control character or a lone surrogate. */
export function findUnsafeText(input: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof input === 'string') return isUnsafe(input) ? path : null;
  if (typeof input !== 'object' || input === null || depth > 32) return null;
  for (const [key, value] of Object.entries(input)) {
    if (isUnsafe(key)) return [...path, key];
    const found = findUnsafeText(value, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Parses input with a shared zod schema. The first issue's message becomes the error text (the
 * schemas carry the spec's wording); every field's first message is returned in `fields`.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // Every JSON body, query string, path parameter and form field passes here: one place refuses
  // control characters (tab, CR and LF stay allowed) and lone surrogates for all routes.
  const unsafe = findUnsafeText(input);
  if (unsafe) {
    const text = messages.security.controlCharacters;
    throw badRequest(text, { [unsafe.join('.') || '_']: text });
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw badRequest(result.error.issues[0]?.message ?? messages.common.invalidRequest, fields);
}

export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  requireBodyKind(c, 'json');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest(messages.common.invalidRequest);
  }
  return validate(schema, body);
}

/** A JSON body a route may also receive without any body or content type (then it is validated as `{}`). */
export async function optionalJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  if (!announcesBody(c) && mediaTypeOf(c) === '') return validate(schema, {});
  return jsonBody(c, schema);
}

export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return validate(schema, c.req.query());
}

export function pathParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return validate(schema, c.req.param());
}

/** Reads one uploaded file from a multipart body, within a size limit checked before buffering all of it. */
export async function formData(c: Context, maxBytes: number): Promise<FormData> {
  requireBodyKind(c, 'multipart');
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > maxBytes + 64 * 1024) throw new AppError('payload_too_large', messages.common.invalidRequest);
  try {
    return await c.req.formData();
  } catch {
    throw badRequest(messages.common.invalidRequest);
  }
}
