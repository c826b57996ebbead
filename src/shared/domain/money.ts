import { MONEY } from '../constants';

/** Money is integer cents everywhere; dollars appear only when displayed or sent to the provider UI. */

function assertCents(cents: number, what = 'amount'): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${what} must be a non-negative whole number of cents, got ${cents}`);
  }
}

/**
 * The platform fee of an amount, rounded half up to a cent. The percentage has at most two
 * decimals (settings step 0.01), so the arithmetic runs on whole basis points to stay exact.
 */
export function platformFeeCents(amountCents: number, feePercent: number = MONEY.platformFeePercent): number {
  assertCents(amountCents);
  if (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100) {
    throw new RangeError(`feePercent must be between 0 and 100, got ${feePercent}`);
  }
  const basisPoints = Math.round(feePercent * 100);
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

/** What the expert receives: the amount less the platform fee, so the two always add up. */
export function expertShareCents(amountCents: number, feePercent: number = MONEY.platformFeePercent): number {
  return amountCents - platformFeeCents(amountCents, feePercent);
}

export function splitAmountCents(
  amountCents: number,
  feePercent: number = MONEY.platformFeePercent,
): { amountCents: number; platformFeeCents: number; expertShareCents: number } {
  const fee = platformFeeCents(amountCents, feePercent);
  return { amountCents, platformFeeCents: fee, expertShareCents: amountCents - fee };
}

/**
 * Dollars to cents, rounded half away from zero. Float noise such as 0.1 + 0.2 or 1.005 * 100 is
 * removed by rounding to 12 significant digits before the final rounding.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`dollars must be a finite number, got ${dollars}`);
  const cents = Number((Math.abs(dollars) * 100).toPrecision(12));
  const rounded = Math.round(cents);
  return dollars < 0 && rounded !== 0 ? -rounded : rounded;
}

/**
 * A typed dollar amount ("1,234.5", "$20", " 7.999 ") to cents, exactly from its digits; null when it
 * is not a plain non-negative number. Rounds half up past the second decimal.
 */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const whole = match[1] === '' ? 0 : Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const cents = whole * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

const usdFormatters = new Map<number, Intl.NumberFormat>();

/**
 * "$1,234.50"; with `{ decimals: 0 }` whole dollars ("$1,235"), as admin revenue figures show.
 * Whole cents in US dollars (the product's currency) are formatted here rather than by
 * Intl.NumberFormat: a page's first Intl call loads the browser's locale data, 45-140 ms of main
 * thread on these machines before Lighthouse's 4x CPU slowdown, and no other text on the task
 * page, the dashboards or the public profile needs it (decision 0391). A test holds the output
 * to Intl's, which still formats any other currency or a fraction of a cent.
 */
export function formatUsd(cents: number, options: { decimals?: number } = {}): string {
  const decimals = options.decimals ?? MONEY.displayDecimals;
  if (MONEY.currencyCode === 'USD' && Number.isSafeInteger(cents) && (decimals === 0 || decimals === 2)) {
    return formatWholeCentsInDollars(cents, decimals);
  }
  let formatter = usdFormatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: MONEY.currencyCode,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    usdFormatters.set(decimals, formatter);
  }
  return formatter.format(centsToDollars(cents));
}

/** en-US currency text of whole cents: "-$1,234.50", or rounded half away from zero to "$1,235". */
function formatWholeCentsInDollars(cents: number, decimals: 0 | 2): string {
  const magnitude = Math.abs(cents);
  const dollars = decimals === 2 ? Math.floor(magnitude / 100) : Math.floor((magnitude + 50) / 100);
  const grouped = String(dollars).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = decimals === 2 ? `.${String(magnitude % 100).padStart(2, '0')}` : '';
  // As Intl does, a negative amount keeps its minus even when it rounds to zero ("-$0"), and so does -0.
  const negative = cents < 0 || Object.is(cents, -0);
  return `${negative ? '-' : ''}$${grouped}${fraction}`;
}

export interface BudgetFigureApplication {
  status: string;
  expert_id: string;
  proposed_rate: number;
}

export interface BudgetFigureTask {
  budget?: number | null;
  expert_id?: string | null;
  applications?: readonly BudgetFigureApplication[] | null;
}

/**
 * The figure in the task header: the hired expert's accepted application's proposed rate, else the
 * task budget, else 0 (all in cents).
 */
export function budgetFigureCents(task: BudgetFigureTask): number {
  const hired = task.expert_id
    ? task.applications?.find((a) => a.status === 'accepted' && a.expert_id === task.expert_id)
    : undefined;
  return hired?.proposed_rate ?? task.budget ?? 0;
}
