import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';

/**
 * The journeys' accessibility check must catch what it is there for: a page that breaks WCAG A/AA
 * rules yields their ids, an excluded region is left out, and a new document is checked afresh.
 */
test('the accessibility check reports violations, leaves out excluded regions and loads itself again in a new document', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
    <h1>Check</h1>
    <input type="text">
    <p style="color:#bbb;background:#fff">Pale text</p>
    <div data-sonner-toaster><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>
  </main></body></html>`);
  const found = await axeViolations(page, ['[data-sonner-toaster]']);
  expect(found.map((violation) => violation.id).sort()).toEqual(['color-contrast', 'label']);
  expect(found.find((violation) => violation.id === 'label')?.targets).toEqual(['input']);

  // A new document has no axe in it: the check loads it again and sees the new page.
  await page.setContent(`<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1>
    <img alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`);
  expect(await axeViolations(page, [])).toEqual([]);
  await page.setContent(`<!doctype html><html lang="en"><head><title>Image</title></head><body><main><h1>Image</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`);
  expect((await axeViolations(page, [])).map((violation) => violation.id)).toEqual(['image-alt']);
});
