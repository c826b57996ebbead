import { passesLuhn } from '@shared/schemas/payments.schemas';
/**
 * The local provider's test cards, named after the real provider's test numbers so that the same
 * numbers work in both modes.
 */
export const LOCAL_TEST_CARDS = {
  /** Authorized at once. */
  success: '4242424242424242',
  /** Declined: 'Your card was declined.' */
  declined: '4000000000000002',
  /** Declined for lack of funds. */
  insufficientFunds: '4000000000009995',
  /** Asks for authentication (3-D Secure) before it is authorized. */
  requiresAuthentication: '4000002500003155',
  /** Authorized at once, but its holds cannot be incremented (issue 51: a price increase takes a second hold). */
  noIncrementalAuthorization: '4000000000001265',
} as const;

/**
 * The local provider keeps a card's lack of incremental authorization on its payment method id (the
 * real provider reports it on the charge); a second hold with that saved method inherits it.
 */
export const NO_INCREMENTAL_SUFFIX = '_noincr';

export type CardOutcome =
  | { kind: 'authorized'; incremental: boolean }
  | { kind: 'requires_authentication' }
  | { kind: 'declined'; code: string; declineCode: string | null; message: string };

export interface LocalCardInput {
  cardNumber: string;
  expMonth?: number;
  expYear?: number;
  cvc?: string;
}

const DECLINED = 'Your card was declined.';

/** What the card network would answer for this card at `now`. */
export function cardOutcome(card: LocalCardInput, now: Date): CardOutcome {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return {
      kind: 'declined',
      code: 'incorrect_number',
      declineCode: null,
      message: 'Your card number is incorrect.',
    };
  }
  if (
    card.expMonth !== undefined &&
    card.expYear !== undefined &&
    isExpired(card.expMonth, card.expYear, now)
  ) {
    return { kind: 'declined', code: 'expired_card', declineCode: null, message: 'Your card has expired.' };
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc)) {
    return {
      kind: 'declined',
      code: 'incorrect_cvc',
      declineCode: null,
      message: "Your card's security code is incorrect.",
    };
  }
  switch (digits) {
    case LOCAL_TEST_CARDS.declined:
      return { kind: 'declined', code: 'card_declined', declineCode: 'generic_decline', message: DECLINED };
    case LOCAL_TEST_CARDS.insufficientFunds:
      return {
        kind: 'declined',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      };
    case LOCAL_TEST_CARDS.requiresAuthentication:
      return { kind: 'requires_authentication' };
    case LOCAL_TEST_CARDS.noIncrementalAuthorization:
      return { kind: 'authorized', incremental: false };
    default:
      // Any other well-formed number stands in for a good card.
      return { kind: 'authorized', incremental: true };
  }
}

function isExpired(month: number, year: number, now: Date): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  // A card is good through the last day of its expiry month.
  return (
    fullYear < now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  );
}
