import { formatCount } from './domain/plain-format';
import { format, type MessageValues } from './format-message';

/**
 * A text in its plural forms, keyed by the `Intl.PluralRules` category. The product's copy is en-US,
 * which needs `one` and `other`; any other category falls back to `other`.
 */
export interface PluralForms<T extends string = string> {
  one: T;
  other: T;
}

type Category = 'one' | 'other';

const rulesByLocale = new Map<string, Intl.PluralRules>();

/**
 * The plural category of `count`, by `Intl.PluralRules`. en-US whole numbers (every count the pages
 * show) take a shortcut with the same answer, so a first page does not load the browser's locale data
 * for it (decision 0391; the test holds the shortcut to Intl's output).
 */
export function pluralCategory(count: number, locale = 'en-US'): Category {
  if (locale === 'en-US' && Number.isSafeInteger(count)) return Math.abs(count) === 1 ? 'one' : 'other';
  let rules = rulesByLocale.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    rulesByLocale.set(locale, rules);
  }
  return rules.select(count) === 'one' ? 'one' : 'other';
}

/** The form of a text that goes with `count` ("1 review", "2 reviews", "0 reviews"). */
export function pluralForm<T extends string>(count: number, forms: PluralForms<T>, locale = 'en-US'): T {
  return forms[pluralCategory(count, locale)];
}

/**
 * The one way a page writes a count with its noun: picks the form for `count` and fills `{count}`
 * (with thousands separators) and any other placeholder the texts name.
 */
export function countText<T extends string>(
  count: number,
  forms: PluralForms<T>,
  values?: Omit<MessageValues<T>, 'count'>,
): string {
  const shown = Number.isSafeInteger(count) ? formatCount(count) : String(count);
  return format(pluralForm(count, forms), { ...(values ?? {}), count: shown } as unknown as MessageValues<T>);
}
