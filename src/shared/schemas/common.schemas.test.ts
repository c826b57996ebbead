import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  centsField,
  dateField,
  dollarsField,
  fieldErrors,
  firstErrorMessage,
  idParamsSchema,
  numberFromText,
  optionalSearch,
  pageOffset,
  paginationQuery,
  paginationQuerySchema,
  requiredText,
} from './common.schemas';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
};

describe('centsField', () => {
  const cents = centsField('required', 'invalid');
  it.each([
    [undefined, 'required'],
    [null, 'required'],
    [0, 'invalid'],
    [-100, 'invalid'],
    [10.5, 'invalid'],
    [Number.NaN, 'invalid'],
    [Number.POSITIVE_INFINITY, 'invalid'],
    ['100', 'invalid'],
    [1, null],
    [10_000, null],
  ])('%j -> %j', (value, message) => {
    expect(messageOf(cents, value)).toBe(message);
  });
});

describe('dollarsField', () => {
  const dollars = dollarsField('required', 'invalid');
  it.each([
    ['100', 10_000],
    ['0.1', 10],
    [19.99, 1_999],
    [0.1 + 0.2, 30],
    ['1,250.5', 125_050],
  ])('%j -> %i cents', (value, cents) => {
    expect(dollars.parse(value)).toBe(cents);
  });

  it.each([
    [undefined, 'required'],
    [null, 'required'],
    ['', 'required'],
    ['  ', 'required'],
    ['abc', 'invalid'],
    ['-5', 'invalid'],
    [-5, 'invalid'],
    [0, 'invalid'],
    ['0.001', 'invalid'],
    [Number.NaN, 'invalid'],
    [true, 'invalid'],
  ])('%j -> %s', (value, message) => {
    expect(messageOf(dollars, value)).toBe(message);
  });
});

describe('dateField', () => {
  const date = dateField('required', 'invalid');
  it('reads ISO dates, date-times and Date objects', () => {
    expect(date.parse('2025-06-08').toISOString()).toBe('2025-06-08T00:00:00.000Z');
    expect(date.parse('2025-06-08T10:30:00.000Z').toISOString()).toBe('2025-06-08T10:30:00.000Z');
    expect(date.parse('2025-06-08T10:30:00+02:00').toISOString()).toBe('2025-06-08T08:30:00.000Z');
    const now = new Date();
    expect(date.parse(now)).toEqual(now);
  });

  it.each([
    [undefined, 'required'],
    [null, 'required'],
    ['', 'required'],
    ['June 8', 'invalid'],
    ['2025-13-45', 'invalid'],
    [new Date(Number.NaN), 'invalid'],
    [12345, 'invalid'],
  ])('%j -> %s', (value, message) => {
    expect(messageOf(date, value)).toBe(message);
  });
});

describe('text and numbers', () => {
  it('trims required text and bounds it', () => {
    const text = requiredText(3, 5, 'short', 'long');
    expect(text.parse('  abc  ')).toBe('abc');
    expect(messageOf(text, '  ab ')).toBe('short');
    expect(messageOf(text, 'abcdef')).toBe('long');
    expect(messageOf(text, undefined)).toBe('short');
    expect(messageOf(text, 5)).toBe('short');
  });

  it('reads numbers from text without turning blanks into zero', () => {
    const number = numberFromText('bad');
    expect(number.parse('12.5')).toBe(12.5);
    expect(number.parse(' -3 ')).toBe(-3);
    expect(number.parse(7)).toBe(7);
    expect(messageOf(number, '')).toBe('bad');
    expect(messageOf(number, 'abc')).toBe('bad');
    expect(messageOf(number, undefined)).toBe('bad');
  });

  it('treats a blank search as none', () => {
    const search = optionalSearch(10);
    expect(search.parse('  ')).toBeUndefined();
    expect(search.parse(undefined)).toBeUndefined();
    expect(search.parse(' york ')).toBe('york');
    expect(search.safeParse('x'.repeat(11)).success).toBe(false);
  });
});

describe('pagination', () => {
  it('defaults to page 1 of 10 and coerces query strings', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(paginationQuerySchema.parse({ page: '3', pageSize: '25' })).toEqual({ page: 3, pageSize: 25 });
    expect(paginationQuery(5).parse({})).toEqual({ page: 1, pageSize: 5 });
  });

  it('rejects pages below 1, oversized pages and fractions', () => {
    for (const query of [
      { page: '0' },
      { page: '-1' },
      { pageSize: '101' },
      { pageSize: '0' },
      { page: '1.5' },
    ]) {
      expect(paginationQuerySchema.safeParse(query).success).toBe(false);
    }
  });

  it('computes the offset', () => {
    expect(pageOffset({ page: 1, pageSize: 10 })).toBe(0);
    expect(pageOffset({ page: 3, pageSize: 10 })).toBe(20);
  });
});

describe('ids and errors', () => {
  it('accepts uuids only', () => {
    expect(idParamsSchema.safeParse({ id: '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11' }).success).toBe(true);
    expect(messageOf(idParamsSchema, { id: 'nope' })).toBe('The request is not valid.');
  });

  it('collects the first message per field and the first overall', () => {
    const schema = z.object({
      a: z.string().min(2, 'a short').min(3, 'a shorter'),
      b: z.number({ error: 'b bad' }),
    });
    const error = schema.safeParse({ a: 'x', b: 'y' }).error!;
    expect(fieldErrors(error)).toEqual({ a: 'a short', b: 'b bad' });
    expect(firstErrorMessage(error)).toBe('a short');
    expect(firstErrorMessage(new z.ZodError([]))).toBe('The request is not valid.');
  });
});
