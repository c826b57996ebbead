import { describe, expect, it } from 'vitest';
import { applicationFormSchema, assignExpertSchema, createApplicationSchema } from './applications.schemas';
import { fieldErrors } from './common.schemas';

const errorsOf = (schema: typeof createApplicationSchema | typeof applicationFormSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('createApplicationSchema', () => {
  it('accepts a rate in cents and trims the cover letter', () => {
    expect(createApplicationSchema.parse({ proposed_rate: 7_500, notes: '  I can do it.  ' })).toEqual({
      proposed_rate: 7_500,
      notes: 'I can do it.',
    });
  });

  it.each([
    [{ notes: 'ok' }, 'proposed_rate', 'Proposed rate is required'],
    [{ proposed_rate: 0, notes: 'ok' }, 'proposed_rate', 'Proposed rate must be greater than 0'],
    [{ proposed_rate: -1, notes: 'ok' }, 'proposed_rate', 'Proposed rate must be greater than 0'],
    [{ proposed_rate: 1.5, notes: 'ok' }, 'proposed_rate', 'Proposed rate must be greater than 0'],
    [{ proposed_rate: 100 }, 'notes', 'Please write a cover letter'],
    [{ proposed_rate: 100, notes: '' }, 'notes', 'Please write a cover letter'],
    [{ proposed_rate: 100, notes: '   \n ' }, 'notes', 'Please write a cover letter'],
    [{ proposed_rate: 100, notes: 'x'.repeat(501) }, 'notes', 'Cover letter must be at most 500 characters'],
  ])('%j -> %s: %s', (value, field, message) => {
    expect(errorsOf(createApplicationSchema, value)[field]).toBe(message);
  });

  it('accepts exactly 500 characters and the smallest rate', () => {
    expect(createApplicationSchema.safeParse({ proposed_rate: 1, notes: 'x'.repeat(500) }).success).toBe(
      true,
    );
  });
});

describe('applicationFormSchema', () => {
  it('reads the rate in dollars with cents (step 0.01)', () => {
    expect(applicationFormSchema.parse({ proposed_rate: '75.25', notes: 'Hi' }).proposed_rate).toBe(7_525);
    expect(applicationFormSchema.parse({ proposed_rate: 0.01, notes: 'Hi' }).proposed_rate).toBe(1);
  });

  it('refuses a missing or zero rate with the same texts', () => {
    expect(errorsOf(applicationFormSchema, { proposed_rate: '', notes: 'Hi' }).proposed_rate).toBe(
      'Proposed rate is required',
    );
    expect(errorsOf(applicationFormSchema, { proposed_rate: '0', notes: 'Hi' }).proposed_rate).toBe(
      'Proposed rate must be greater than 0',
    );
  });
});

describe('assignExpertSchema', () => {
  it('needs an application id', () => {
    expect(
      assignExpertSchema.safeParse({ application_id: '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11' }).success,
    ).toBe(true);
    expect(assignExpertSchema.safeParse({}).success).toBe(false);
  });
});
