import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** One violation, as the journeys report it: the rule and the elements that break it. */
export interface AxeViolation {
  id: string;
  targets: string[];
}

type AxeWindow = Window & { axe?: typeof axe };

/**
 * The page's WCAG 2 A and AA violations, from axe-core run in the page itself.
 *
 * Why not `@axe-core/playwright`: its `analyze()` evaluated axe's 1.3 MB source again on every
 * call and finished each run in a new blank page. That cost about 2 s per check on these
 * machines against about 0.1 s for the run itself, and the journeys make about 150 checks
 * (docs/decisions/0402). Here the source is evaluated once per document and reused until the
 * page navigates. The rules, tags and exclusions are the same. The product's pages have no
 * frames, so axe's frame messaging is not needed.
 */
export async function axeViolations(page: Page, exclude: string[]): Promise<AxeViolation[]> {
  for (let attempt = 0; ; attempt += 1) {
    const loaded = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
    if (!loaded) await page.evaluate(axe.source);
    const violations = await page.evaluate(async (excluded) => {
      const runner = (window as AxeWindow).axe;
      // A navigation between the two evaluations drops the injected source: inject it again.
      if (!runner) return null;
      const results = await runner.run(
        { exclude: excluded.map((selector) => [selector]) },
        { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] },
      );
      return results.violations.map((violation) => ({
        id: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    }, exclude);
    if (violations) return violations;
    if (attempt >= 2) throw new Error(`axe could not stay loaded in ${page.url()}: the page kept navigating`);
  }
}
