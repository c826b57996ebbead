import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, logIn } from './fixtures';

/**
 * Issue 23, lean: an expert searches tasks with filters kept in the address and switches to the map,
 * at 1280 and 390 px, with axe on both views. Invitations, two-way reviews and the waitlist have
 * their own journeys in invitations.spec.ts.
 */
for (const width of [1280, 390]) {
  test(`an expert filters tasks and switches to the map (${width} px)`, async ({ page }) => {
    // Two axe runs on a busy machine: more than the default minute.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, DEMO.expert);
    await page.goto('/find-tasks');
    await expect(page.getByRole('heading', { name: 'Find Tasks' })).toBeVisible();
    await expect(page.getByTestId('search-count')).toContainText('within 100 miles');

    await page.getByLabel('Distance').selectOption('50');
    await page.getByLabel('Sort by').selectOption('budget');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/miles=50/);
    await expect(page).toHaveURL(/sort=budget/);
    await expect(page.getByTestId('search-count')).toContainText('within 50 miles');
    await expectNoAxeViolations(page);

    // The address restores the search; the map view shows the same search.
    await page.reload();
    await expect(page.getByLabel('Distance')).toHaveValue('50');
    await page.getByRole('button', { name: 'Map' }).click();
    await expect(page).toHaveURL(/view=map/);
    await expect(page.getByTestId('task-search-map').locator('.leaflet-container')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
