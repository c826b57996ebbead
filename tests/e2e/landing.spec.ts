import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoAxeViolationsAtBothWidths } from './fixtures';

const MAP_LOCATIONS = '**/api/map-locations*';
const mapRegion = (page: Page) => page.getByRole('region', { name: 'Expert availability map' });
const markers = (page: Page) => mapRegion(page).locator('.availability-marker');
/** Clusters of nearby places (supercluster), labelled "{n} locations with {m} experts, zoom in". */
const clusters = (page: Page) => mapRegion(page).locator('.availability-cluster');
/** Some place or cluster is drawn: the map has its network. */
const anyMarker = (page: Page) =>
  mapRegion(page).locator('.availability-marker, .availability-cluster').first();
/** Markers are Leaflet buttons named "{place}: {count} experts". */
const marker = (page: Page, place: string) =>
  mapRegion(page).getByRole('button', { name: new RegExp(`^${place}: \\d+ experts$`) });
const locationField = (page: Page) => page.getByRole('combobox', { name: 'Location' });
/** The map and its data load only once the map section is in view (docs/decisions/0105). */
const showMap = (page: Page) =>
  // The placeholder is swapped for the real section as it comes into view: retry if it was swapped mid-scroll.
  expect(() => mapRegion(page).scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();

/** Fails every request that leaves the machine (the product must work offline), and lists them. */
async function blockOutsideNetwork(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (['localhost', '127.0.0.1'].includes(url.hostname)) return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  return outside;
}

test.describe('landing page', () => {
  test('signed out: the map shows markers and highlighted states offline, searches, and hands a place to the quick task', async ({
    page,
  }) => {
    const outside = await blockOutsideNetwork(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth?mode=signup');
    await expect(page.getByRole('link', { name: 'Get the Real Story' }).first()).toHaveAttribute(
      'href',
      '/auth',
    );
    await expect(page.getByRole('link', { name: 'Become an Expert' }).first()).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );

    // Nothing of the map is fetched until it scrolls into view.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('map-locations')))).toBe(false);
    await showMap(page);
    // Markers from the demo data (clustered at this zoom), the offline country shapes and highlighted US states.
    await expect(clusters(page).first()).toBeVisible();
    await expect(
      mapRegion(page)
        .getByRole('button', { name: /^\d+ locations with \d+ experts, zoom in$/ })
        .first(),
    ).toBeVisible();
    await expect(mapRegion(page).locator('.leaflet-base-land-pane path').first()).toBeAttached();
    await expect(
      mapRegion(page).locator('.leaflet-us-states-pane path[fill="#2dd4bf"]').first(),
    ).toBeAttached();
    for (const text of ['100+ Experts', '50+ Experts', 'Active Locations', 'States with Experts']) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(/^\d[\d,]* Experts$/)).toBeVisible();
    await expect(page.getByText(/^\d[\d,]* Tasks Completed$/)).toBeVisible();
    await expect(
      mapRegion(page).locator('.leaflet-bottom.leaflet-right .leaflet-control-zoom'),
    ).toBeVisible();

    // A city search narrows the map to that city.
    await page.getByPlaceholder('Search cities, countries...').fill('chicago');
    await expect(markers(page)).toHaveCount(1);
    await marker(page, 'Chicago').click();
    const popup = mapRegion(page).locator('.leaflet-popup');
    await expect(popup.getByRole('heading', { name: 'Chicago' })).toBeVisible();
    await expect(popup.getByText('Illinois, United States')).toBeVisible();
    await expect(popup.getByText('Local Experts')).toBeVisible();
    await expect(popup.getByText('Recent Tasks')).toBeVisible();

    await popup.getByRole('button', { name: 'Get Local Help Here' }).click();
    await expect(page).toHaveURL(/\/auth\?quickTask=true&location=Chicago$/);
    await expect(page.getByText('Complete sign up or log in to continue with your task.')).toBeVisible();
    const draft = JSON.parse((await page.evaluate(() => localStorage.getItem('quick-task-draft'))) ?? 'null');
    expect(draft).toMatchObject({ location: 'Chicago, Illinois, United States' });
    expect(outside).toEqual([]);
  });

  test('quick task: the client logs in from the banner and reaches the create-task form with the draft stored', async ({
    page,
  }) => {
    await page.goto('/');
    await locationField(page).click();
    await page.getByRole('option', { name: /Boston/ }).click();
    await page.getByRole('button', { name: 'Continue with this location' }).click();
    await expect(page).toHaveURL(/\/auth\?quickTask=true&location=Boston$/);
    const draft = JSON.parse((await page.evaluate(() => localStorage.getItem('quick-task-draft'))) ?? 'null');
    expect(draft).toMatchObject({ location: 'Boston, Massachusetts, United States' });
    expect(draft.latitude).toBeCloseTo(42.36, 1);
    expect(draft.longitude).toBeCloseTo(-71.06, 1);

    await page.getByLabel('Email').fill(DEMO.client);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/create-task$/);
  });

  test('the location picker: search, a popular city, manual coordinates and the invalid-coordinates error', async ({
    page,
  }) => {
    await page.goto('/');
    const field = locationField(page);
    await expect(field).toHaveValue('New York, New York, United States');

    await field.click();
    await expect(page.getByRole('listbox', { name: 'Popular cities' }).getByRole('option')).toHaveCount(8);
    await page.getByRole('option', { name: /Seattle/ }).click();
    await expect(field).toHaveValue('Seattle, Washington, United States');

    await field.fill('Austi');
    await expect(page.getByRole('listbox', { name: 'Search results' })).toBeVisible();
    await expect(page.getByRole('option').first()).toContainText('Austin');
    await field.press('ArrowDown');
    await field.press('Enter');
    await expect(field).toHaveValue('Austin, Texas, United States');

    await field.dblclick();
    await page.getByLabel('Latitude').fill('forty');
    await page.getByRole('button', { name: 'Use coordinates' }).click();
    await expect(page.getByText('Invalid coordinates')).toBeVisible();
    await page.getByLabel('Latitude').fill('41.88');
    await page.getByLabel('Longitude').fill('-87.63');
    await page.getByRole('button', { name: 'Use coordinates' }).click();
    await expect(field).toHaveValue('Chicago, Illinois, United States');
    await expect(page.getByTestId('location-picker-value')).toHaveText('41.88000, -87.63000');

    await showMap(page);
    await expect(anyMarker(page)).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
  });

  test('a broken map answer shows the map error state, and Retry rebuilds the map', async ({ page }) => {
    // The map service answering "success" with data that cannot be drawn (docs/decisions/0010).
    await page.route(MAP_LOCATIONS, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: 'corrupt' }),
      }),
    );
    await page.goto('/');
    await showMap(page);
    await expect(mapRegion(page).getByRole('heading', { name: 'Map Error' })).toBeVisible();
    await expect(
      mapRegion(page).getByText('Error loading map. Please try refreshing the page.'),
    ).toBeVisible();

    await page.unroute(MAP_LOCATIONS);
    await mapRegion(page).getByRole('button', { name: 'Retry' }).click();
    await expect(anyMarker(page)).toBeVisible();
    await expect(mapRegion(page).getByRole('heading', { name: 'Map Error' })).toBeHidden();
  });

  test('boundary data failing is a map error too; an unavailable map service is an empty network', async ({
    page,
  }) => {
    await page.route('**/api/static-data/us-states.json', (route) =>
      route.fulfill({ status: 500, body: 'down' }),
    );
    await page.goto('/');
    await showMap(page);
    await expect(mapRegion(page).getByRole('heading', { name: 'Map Error' })).toBeVisible();
    await page.unroute('**/api/static-data/us-states.json');

    await page.route(MAP_LOCATIONS, (route) => route.abort());
    await mapRegion(page).getByRole('button', { name: 'Retry' }).click();
    await expect(mapRegion(page).getByRole('heading', { name: 'Exploring Expert Network' })).toBeVisible();
    await expect(markers(page)).toHaveCount(0);

    await page.unroute(MAP_LOCATIONS);
    await mapRegion(page).getByRole('button', { name: 'Refresh Network' }).click();
    await expect(anyMarker(page)).toBeVisible();
    await expect(mapRegion(page).getByRole('heading', { name: 'Exploring Expert Network' })).toBeHidden();
  });

  test('the footer links to real Privacy, Terms and Support pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL(/\/legal\/terms$/);
    await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('By using Local Experts you agree to these terms.')).toBeVisible();

    await page.goto('/legal/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();

    await page.goto('/legal/support');
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    await expectNoAxeViolationsAtBothWidths(page);
  });
});
