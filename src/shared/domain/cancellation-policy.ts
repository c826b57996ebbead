import { messages } from '../messages';
import { countText } from '../plural';
import { formatUsd, platformFeeCents } from './money';

/** The longest free-text note a cancel may carry (the dialog's limit and the schema's). */
export const CANCEL_NOTE_MAX = 500;

/**
 * The published cancellation policy (issue 50, docs/decisions/0460): when a cancel is free, and the
 * call-out fee taken by a partial capture of the hold when it is not. Pure: the server quotes and
 * charges with it, the web shows the same figures before the click.
 */

/** The admin settings of the policy (system_settings), with the defaults of decision 0460. */
export interface CancellationPolicySettings {
  /** A client cancel more than this many hours before the agreed start is free. */
  cancel_free_hours_before_start: number;
  /** A client cancel within this many minutes of hiring is free. */
  cancel_free_minutes_after_hire: number;
  /** The call-out fee, percent of the held price (whole percent). */
  callout_fee_percent: number;
  /** The call-out fee's floor, integer cents (never more than the price). */
  callout_fee_min_cents: number;
}

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicySettings = {
  cancel_free_hours_before_start: 24,
  cancel_free_minutes_after_hire: 60,
  callout_fee_percent: 25,
  callout_fee_min_cents: 1_500,
};

/** The bounds an admin may set (the admin schema and its texts). */
export const CANCELLATION_POLICY_LIMITS = {
  freeHoursMax: 168,
  freeMinutesMax: 1_440,
  calloutMinMaxCents: 100_000,
} as const;

/** The reasons a cancel names (each side picks from its own list); `other` needs a note. */
export const CANCEL_REASONS = ['plans_changed', 'found_elsewhere', 'schedule_conflict', 'no_access', 'expert_unavailable', 'expert_unwell', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CLIENT_CANCEL_REASONS = ['plans_changed', 'found_elsewhere', 'schedule_conflict', 'no_access', 'other'] as const satisfies readonly CancelReason[];
export const EXPERT_CANCEL_REASONS = ['expert_unavailable', 'expert_unwell', 'schedule_conflict', 'other'] as const satisfies readonly CancelReason[];

const text = messages.cancellations;
const REASON_TEXTS: Record<CancelReason, string> = {
  plans_changed: text.reasonPlansChanged,
  found_elsewhere: text.reasonFoundElsewhere,
  schedule_conflict: text.reasonScheduleConflict,
  no_access: text.reasonNoAccess,
  expert_unavailable: text.reasonExpertUnavailable,
  expert_unwell: text.reasonExpertUnwell,
  other: text.reasonOther,
};

/** A stored reason as people read it; null (a cancel from before issue 50, or an API caller's) reads as not given. */
export function cancelReasonText(reason: string | null | undefined): string {
  return reason && reason in REASON_TEXTS ? REASON_TEXTS[reason as CancelReason] : text.reasonNotGiven;
}

/** Why a quote is what it is. */
export type CancellationRule = 'no_hold' | 'after_hire' | 'no_appointment' | 'before_window' | 'late' | 'expert';

export interface CancellationFacts {
  /** Who cancels: the client (or an admin in their place) or the hired expert. */
  party: 'client' | 'expert';
  /** Whether an authorized, unlapsed hold exists (nothing to capture or release otherwise). */
  has_hold: boolean;
  /** The held amount, integer cents. */
  price_cents: number;
  /** The platform fee percent of the hold. */
  platform_fee_percent: number;
  /** When the expert was hired (assigned_at). */
  hired_at: Date | null;
  /** The agreed visit's start, or null while none is agreed. */
  agreed_start: Date | null;
  now: Date;
}

export interface CancellationQuote {
  /** Captured from the hold (the call-out fee), integer cents. */
  fee_cents: number;
  /** The platform fee on the captured amount. */
  platform_fee_cents: number;
  /** What the expert receives: fee less platform fee. */
  expert_cents: number;
  /** Released back to the card. */
  released_cents: number;
  rule: CancellationRule;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The call-out fee of a price: the percent, at least the minimum, never more than the price. */
export function calloutFeeCents(priceCents: number, settings: CancellationPolicySettings): number {
  const percent = Math.round((priceCents * settings.callout_fee_percent) / 100);
  return Math.min(priceCents, Math.max(settings.callout_fee_min_cents, percent));
}

/**
 * What a cancel costs now. Free (the whole hold released) when the expert cancels, before any visit
 * is agreed, more than `cancel_free_hours_before_start` before the agreed start (exactly at the limit
 * is late), or within `cancel_free_minutes_after_hire` of hiring (the limit itself still free).
 * Otherwise the call-out fee, with the platform fee on it as on any capture.
 */
export function quoteCancellation(facts: CancellationFacts, settings: CancellationPolicySettings = DEFAULT_CANCELLATION_POLICY): CancellationQuote {
  const held = facts.has_hold ? facts.price_cents : 0;
  const free = (rule: CancellationRule): CancellationQuote => ({ fee_cents: 0, platform_fee_cents: 0, expert_cents: 0, released_cents: held, rule });
  if (!facts.has_hold) return free(facts.party === 'expert' ? 'expert' : 'no_hold');
  if (facts.party === 'expert') return free('expert');
  const now = facts.now.getTime();
  if (facts.hired_at && now - facts.hired_at.getTime() <= settings.cancel_free_minutes_after_hire * MINUTE_MS) return free('after_hire');
  if (!facts.agreed_start) return free('no_appointment');
  if (facts.agreed_start.getTime() - now > settings.cancel_free_hours_before_start * HOUR_MS) return free('before_window');
  const fee = calloutFeeCents(held, settings);
  const platform = platformFeeCents(fee, facts.platform_fee_percent);
  return { fee_cents: fee, platform_fee_cents: platform, expert_cents: fee - platform, released_cents: held - fee, rule: 'late' };
}

const HOURS = { one: '{count} hour', other: '{count} hours' } as const;
const MINUTES = { one: '{count} minute', other: '{count} minutes' } as const;

/** The placeholders the policy's texts state: {freeHours}, {freeAfterHire}, {calloutPercent}, {calloutMin}. */
export function cancellationPolicyValues(settings: CancellationPolicySettings = DEFAULT_CANCELLATION_POLICY): Record<string, string> {
  const minutes = settings.cancel_free_minutes_after_hire;
  return {
    freeHours: countText(settings.cancel_free_hours_before_start, HOURS),
    freeAfterHire: minutes % 60 === 0 && minutes > 0 ? countText(minutes / 60, HOURS) : countText(minutes, MINUTES),
    calloutPercent: String(settings.callout_fee_percent),
    calloutMin: formatUsd(settings.callout_fee_min_cents),
  };
}

const RULE_TEXTS: Record<CancellationRule, string> = {
  no_hold: text.ruleNoHold,
  after_hire: text.ruleAfterHire,
  no_appointment: text.ruleNoAppointment,
  before_window: text.ruleBeforeWindow,
  late: text.ruleLate,
  expert: text.ruleExpert,
};

/** The sentence that explains a quote, with the settings in force. */
export function cancellationRuleText(quote: CancellationQuote, settings: CancellationPolicySettings = DEFAULT_CANCELLATION_POLICY): string {
  const values: Record<string, string> = {
    ...cancellationPolicyValues(settings),
    fee: formatUsd(quote.fee_cents),
    released: formatUsd(quote.released_cents),
  };
  return RULE_TEXTS[quote.rule].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
