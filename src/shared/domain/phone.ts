import { PHONE } from '../constants';

/**
 * Phone numbers: the client's US input field (+1 added automatically) and the server's
 * international E.164 rule (plus sign, leading nonzero digit, at most 15 digits).
 */

/** The server's rule: "+", a nonzero digit, and at most 15 digits in total. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

export function isValidE164(value: string): boolean {
  return E164_PATTERN.test(value);
}

/**
 * The 10 national digits typed so far (at most 10). A leading 1 is the country code: US area codes
 * never start with 1, so it is dropped.
 */
export function usNationalDigits(input: string): string {
  return input.replace(/\D/g, '').replace(/^1/, '').slice(0, 10);
}

/** Formats typed input progressively: "+1 (555", "+1 (555) 123", "+1 (555) 123-4567"; empty stays empty. */
export function formatUsPhoneInput(input: string): string {
  const digits = usNationalDigits(input);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (digits.length <= 3) return `+1 (${area}`;
  if (digits.length <= 6) return `+1 (${area}) ${exchange}`;
  return `+1 (${area}) ${exchange}-${line}`;
}

/** The client's rule: ten national digits with an area code that does not start with 0 or 1. */
export function isValidUsPhone(input: string): boolean {
  const digits = usNationalDigits(input);
  return digits.length === 10 && /^[2-9]/.test(digits);
}

/** A valid US input as E.164 ("+15551234567"), else null. */
export function usPhoneToE164(input: string): string | null {
  return isValidUsPhone(input) ? `+${PHONE.usCountryCode}${usNationalDigits(input)}` : null;
}

/**
 * Any reasonable input to E.164, or null when it cannot satisfy the server's rule. Separators
 * (spaces, dashes, dots, parentheses) are dropped; "00" means "+"; ten digits without a country
 * code are taken as a US number.
 */
export function normalizeToE164(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[+\d\s().-]*$/.test(trimmed)) return null;
  const compact = trimmed.replace(/[\s().-]/g, '');
  let candidate: string;
  if (compact.startsWith('+')) candidate = compact;
  else if (compact.startsWith('00')) candidate = `+${compact.slice(2)}`;
  else if (compact.length === 10) candidate = `+${PHONE.usCountryCode}${compact}`;
  else if (compact.length === 11 && compact.startsWith('1')) candidate = `+${compact}`;
  else candidate = `+${compact}`;
  return isValidE164(candidate) ? candidate : null;
}

/** An E.164 number for display: US numbers as "+1 (555) 123-4567", others unchanged. */
export function formatE164ForDisplay(e164: string): string {
  return /^\+1\d{10}$/.test(e164) ? formatUsPhoneInput(e164) : e164;
}

/** The code field: digits only, at most 6. */
export function sanitizeCodeInput(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE.codeLength);
}

/** The Verify button is enabled only at exactly 6 digits. */
export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${PHONE.codeLength}}$`).test(code);
}
