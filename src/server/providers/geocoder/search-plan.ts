import { normalizePlaceText } from '@shared/domain/cities';
import type { QualifierTarget } from './regions';

/** One reading of a query: a name prefix, optionally narrowed to countries or regions. */
export interface SearchPlan {
  /** Normalised name prefix. */
  name: string;
  /** Every qualifier must match the place. */
  qualifiers: QualifierTarget[];
  /** Added to the score of places found by this reading. */
  bonus: number;
}

/** A reading that used a recognised qualifier ("austin tx") beats the literal one. */
const QUALIFIED_BONUS = 2;
/** "springfield, illinois, united states": name plus at most a few qualifier words. */
const MAX_QUALIFIER_WORDS = 3;

/**
 * Readings of a free-text query:
 * - "paris, fr" / "austin, tex": the part before the first comma is the name, each later part a
 *   country or region (exact word, else a prefix since the user may still be typing). Parts that
 *   match nothing are ignored rather than emptying the result ("lyon, rhone" -> "lyon").
 * - "austin tx" / "paris france" / "new york": the whole text as a name, plus, when the last one to
 *   three words exactly name a country or region, the remaining words narrowed to it.
 */
export function planSearch(query: string, qualifiers: ReadonlyMap<string, QualifierTarget>): SearchPlan[] {
  if (query.includes(',')) {
    const [name, ...rest] = query.split(',').map(normalizePlaceText);
    const targets = rest
      .filter((part) => part !== '')
      .map((part) => resolveQualifier(part, qualifiers))
      .filter((target): target is QualifierTarget => target !== null);
    return [{ name, qualifiers: targets, bonus: targets.length > 0 ? QUALIFIED_BONUS : 0 }];
  }
  const name = normalizePlaceText(query);
  const plans: SearchPlan[] = [{ name, qualifiers: [], bonus: 0 }];
  const words = name.split(' ');
  for (let split = Math.max(1, words.length - MAX_QUALIFIER_WORDS); split < words.length; split += 1) {
    const target = qualifiers.get(words.slice(split).join(' '));
    if (target)
      plans.push({ name: words.slice(0, split).join(' '), qualifiers: [target], bonus: QUALIFIED_BONUS });
  }
  return plans;
}

/** The exact qualifier word, else the union of every qualifier starting with it, else null. */
function resolveQualifier(
  word: string,
  qualifiers: ReadonlyMap<string, QualifierTarget>,
): QualifierTarget | null {
  const exact = qualifiers.get(word);
  if (exact) return exact;
  const union: QualifierTarget = { countries: new Set(), regions: new Set() };
  for (const [key, target] of qualifiers) {
    if (!key.startsWith(word)) continue;
    for (const country of target.countries) union.countries.add(country);
    for (const region of target.regions) union.regions.add(region);
  }
  return union.countries.size + union.regions.size > 0 ? union : null;
}
