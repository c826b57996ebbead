import type { Context } from 'hono';
import type { z } from 'zod';
import { messages } from '@shared/messages';
import { AppError, badRequest } from '../lib/errors';

/**
 * Parses input with a shared zod schema. The first issue's message becomes the error text (the
 * schemas carry the spec's wording); every field's first message is returned in `fields`.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
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
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest(messages.common.invalidRequest);
  }
  return validate(schema, body);
}

export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return validate(schema, c.req.query());
}

export function pathParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return validate(schema, c.req.param());
}

/** Reads one uploaded file from a multipart body, within a size limit checked before buffering all of it. */
export async function formData(c: Context, maxBytes: number): Promise<FormData> {
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > maxBytes + 64 * 1024) throw new AppError('payload_too_large', messages.common.invalidRequest);
  try {
    return await c.req.formData();
  } catch {
    throw badRequest(messages.common.invalidRequest);
  }
}
