import { z } from 'zod';
import { PAGINATION } from '../constants';
import { dollarsToCents, parseDollarsToCents } from '../domain/money';
import { messages } from '../messages';

/** Building blocks shared by the resource schemas. */

export const idSchema = z.uuid(messages.common.invalidRequest);
export const idParamsSchema = z.object({ id: idSchema });
export const taskIdParamsSchema = z.object({ taskId: idSchema });

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A required trimmed text with one message for missing/too short and one for too long. */
export function requiredText(min: number, max: number, tooShort: string, tooLong: string) {
  return z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);
}

/** A whole positive number of cents; missing (undefined or null) and invalid get their own messages. */
export function centsField(required: string, invalid: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) })
    .int(invalid)
    .positive(invalid);
}

/**
 * A dollar amount typed in a form (string or number) read as cents, with the same messages as
 * centsField, so the form's output is the API's input.
 */
export function dollarsField(required: string, invalid: string) {
  return z.preprocess(
    (value) => {
      if (isBlank(value)) return undefined;
      if (typeof value === 'number') return Number.isFinite(value) ? dollarsToCents(value) : Number.NaN;
      if (typeof value === 'string') return parseDollarsToCents(value) ?? Number.NaN;
      return value;
    },
    centsField(required, invalid),
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date given as a Date or an ISO date/date-time string, read as a Date. */
export function dateField(required: string, invalid: string) {
  return z.preprocess(
    (value) => {
      if (isBlank(value)) return undefined;
      if (typeof value === 'string')
        return ISO_DATE.test(value.trim()) ? new Date(value.trim()) : new Date(Number.NaN);
      return value;
    },
    z.date({ error: (issue) => (issue.input === undefined ? required : invalid) }),
  );
}

/** A number from a query string or a form field ("12.5"); blank is missing, anything else not numeric is invalid. */
export function numberFromText(message: string) {
  return z.preprocess(
    (value) => {
      if (isBlank(value)) return undefined;
      if (typeof value === 'string') return Number(value.trim());
      return value;
    },
    z.number({ error: message }),
  );
}

export const latitudeField = (message: string) =>
  z.number({ error: message }).min(-90, message).max(90, message);
export const longitudeField = (message: string) =>
  z.number({ error: message }).min(-180, message).max(180, message);

/** An optional trimmed search text; blank means no search. */
export function optionalSearch(max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max).optional(),
  );
}

/** page (from 1) and pageSize query parameters. */
export function paginationQuery(defaultPageSize: number = PAGINATION.defaultPageSize) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGINATION.maxPageSize).default(defaultPageSize),
  });
}
export const paginationQuerySchema = paginationQuery();
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** The rows to skip for a page. */
export function pageOffset({ page, pageSize }: PaginationQuery): number {
  return (page - 1) * pageSize;
}

/** The first message of each failing field, keyed by its dotted path ("" for the whole object). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** The first message of a failed parse, for a toast or an error response. */
export function firstErrorMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? messages.common.invalidRequest;
}
