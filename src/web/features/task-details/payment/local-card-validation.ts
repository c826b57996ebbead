import { messages } from '@shared/messages';
import { cardDigits, isCardExpired, localCardSchema, type LocalCardRequest } from '@shared/schemas/payments.schemas';

/** The local card form's fields as typed. */
export interface LocalCardValues {
  number: string;
  /** "MM/YY" (or MM/YYYY). */
  expiry: string;
  cvc: string;
  name: string;
  postalCode: string;
}

export type LocalCardErrors = Partial<Record<keyof LocalCardValues, string>>;

export const EMPTY_CARD: LocalCardValues = { number: '', expiry: '', cvc: '', name: '', postalCode: '' };

/** Groups the digits in fours as they are typed: "4242 4242 4242 4242". */
export function formatCardNumber(typed: string): string {
  const digits = cardDigits(typed).replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "12/34" from what was typed ("1234", "12 / 34", "12/2034"). */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 6);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  return { month: Number(match[1]), year: Number(match[2]) };
}

const FIELD_BY_KEY: Record<string, keyof LocalCardValues> = {
  card_number: 'number',
  exp_month: 'expiry',
  exp_year: 'expiry',
  cvc: 'cvc',
  name: 'name',
  postal_code: 'postalCode',
};

/**
 * The form's values as the API's request, checked with the same schema as the server, plus the
 * expiry date against today (the server leaves that to the provider's answer).
 */
export function validateLocalCard(
  values: LocalCardValues,
  clientSecret: string,
  now: Date = new Date(),
): { ok: true; request: LocalCardRequest } | { ok: false; errors: LocalCardErrors } {
  const expiry = parseExpiry(values.expiry);
  const request: LocalCardRequest = {
    client_secret: clientSecret,
    card_number: values.number,
    exp_month: expiry?.month ?? Number.NaN,
    exp_year: expiry?.year ?? Number.NaN,
    cvc: values.cvc,
    name: values.name,
    postal_code: values.postalCode,
  };
  const errors: LocalCardErrors = {};
  const result = localCardSchema.safeParse(request);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = FIELD_BY_KEY[String(issue.path[0])];
      if (field) errors[field] ??= issue.message;
    }
  }
  if (!errors.expiry && expiry && isCardExpired(expiry.month, expiry.year, now)) {
    errors.expiry = messages.payment.card.expired;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, request };
}
