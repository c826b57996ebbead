import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEMO,
  confirmEmail,
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  logIn,
  uniqueEmail,
} from './fixtures';
import { apiPost, createTaskByApi, uniqueTitle } from './task-loop-helpers';

/** What a first-time user trips over (issue 14): brand, navigation at both widths, map, task page, returns. */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const WIDTHS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

async function pageAt(
  browser: Browser,
  viewport: { width: number; height: number },
  email?: string,
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  if (email) await logIn(page, email);
  return page;
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test('landing: the brand names the page, the map preloads, then loads the network, then shows clusters', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const slow = (ms: number) => async (route: import('@playwright/test').Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  };
  await page.route('**/api/static-data/world-countries.json', slow(1_000));
  await page.route('**/api/static-data/us-states.json', slow(1_000));
  // The basemap request comes from the map's own code: from then on the map is "preloading".
  const basemapRequested = page.waitForRequest('**/api/static-data/world-countries.json');
  await page.goto('/');
  await expect(page).toHaveTitle(/^Local Experts/);
  await expect(page.getByRole('banner').getByText('Local Experts')).toBeVisible();
  const map = page.getByRole('region', { name: 'Expert availability map' });
  // The React root takes over the pre-rendered landing page; a region found just before that is
  // detached, so the scroll is retried on the live one.
  await expect(async () => map.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass({ timeout: 10_000 });
  await basemapRequested;
  await expect(map.getByText('Preloading map for smooth experience...')).toBeVisible();
  await expect(map.getByText('Loading global network...')).toHaveCount(0);
  await expect(map.getByText('Loading global network...')).toBeVisible();
  await expect(map.getByText('Loading global network...')).toBeHidden({ timeout: 15_000 });
  const clusters = map.getByRole('button', { name: /^\d+ locations with \d+ experts, zoom in$/ });
  await expect(clusters.first()).toBeVisible();
  // About 40 US places no longer pile up: far fewer markers than places are drawn.
  const drawn = await map.locator('.availability-marker, .availability-cluster').count();
  const places = (await page.request.get('/api/map-locations').then((r) => r.json())) as { data: unknown[] };
  expect(places.data.length).toBeGreaterThan(40);
  expect(drawn).toBeLessThan(places.data.length / 2);
  // A cluster zooms in when chosen.
  const zoomBefore = await map.locator('.leaflet-proxy').getAttribute('style');
  await clusters.first().click();
  await expect.poll(() => map.locator('.leaflet-proxy').getAttribute('style')).not.toBe(zoomBefore);
  await expectNoAxeViolations(page);
});

for (const [name, viewport] of WIDTHS) {
  test(`${name}: Become an Expert opens sign-up and leads to the expert form; /auth has the logo and a way home`, async ({
    browser,
  }) => {
    const page = await pageAt(browser, viewport);
    await page.goto('/');
    await expectNoAxeViolations(page);
    // The hero's and the closing call to action's buttons both open sign-up.
    await expect(page.getByRole('link', { name: 'Become an Expert' }).last()).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    await page.getByRole('link', { name: 'Become an Expert' }).first().click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Local Experts' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
    if (name === 'phone') {
      await page.getByRole('link', { name: 'Back to home' }).click();
      await expect(page).toHaveURL(/\/$/);
      return;
    }
    const email = uniqueEmail('become-expert');
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Newexpert');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Confirm password').fill('secret-pass-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      page.getByText('Account created! Please check your email to confirm your registration.').first(),
    ).toBeVisible();
    // The confirmation link signs in on a fresh page load; the remembered destination still wins.
    await confirmEmail(page, email);
    await expect(page).toHaveURL(/\/expert-verification$/);
  });

  test(`${name}: the shell's navigation, toasts clear of the header, the expert's tabs and aligned prices`, async ({
    browser,
  }) => {
    if (name === 'phone') {
      // A long title next to a short one: the prices must still line up.
      const client = await pageAt(browser, DESKTOP, DEMO.client);
      await createTaskByApi(
        client,
        uniqueTitle('Photograph the full facade, the roof line and every window of a long terraced house'),
      );
      await createTaskByApi(client, uniqueTitle('Short one'));
    }
    const page = await pageAt(browser, viewport, DEMO.expert);
    const header = await box(page, 'header');
    // The toast's top is read in the same check that finds it shown: a toast can close between a
    // visibility check and a later read of its box (it did once, on a busy machine).
    const toastBox = await page.waitForFunction((text) => {
      const shown = [...document.querySelectorAll('[data-sonner-toast]')].find((element) =>
        element.textContent?.includes(text),
      );
      const rect = shown?.getBoundingClientRect();
      return rect && rect.height > 0 ? { top: rect.top } : null;
    }, 'Successfully signed in!');
    expect((await toastBox.jsonValue())!.top).toBeGreaterThanOrEqual(header.y + header.height);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    const top = page.getByTestId('top-navigation');
    const bottom = page.getByTestId('bottom-navigation');
    const nav = name === 'desktop' ? top : bottom;
    await expect(nav).toBeVisible();
    await expect(name === 'desktop' ? bottom : top).toBeHidden();
    for (const label of ['Available Tasks', 'Messages', 'Profile']) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    }

    // The tab strip fits: no tab is cut off at either edge.
    const tabs = page.getByRole('tablist', { name: 'Available Tasks' });
    for (const label of ['Available Tasks', 'My Applications', 'Assigned to Me']) {
      const tab = (await tabs.getByRole('tab', { name: label }).boundingBox())!;
      expect(tab.x).toBeGreaterThanOrEqual(0);
      expect(tab.x + tab.width).toBeLessThanOrEqual(viewport.width);
    }
    expect(await tabs.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    // Prices keep the same right edge on every card.
    const cards = page.getByTestId('task-list-item');
    await expect(cards.first()).toBeVisible({ timeout: 15_000 });
    const edges = await cards
      .getByTestId('budget-figure')
      .evaluateAll((figures) => figures.map((figure) => Math.round(figure.getBoundingClientRect().right)));
    expect(edges.length).toBeGreaterThan(name === 'phone' ? 2 : 0);
    expect(new Set(edges).size).toBe(1);

    // Nothing ends up under a fixed bar: the page's last content sits above the bottom bar.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const lastContent = (await page.locator('main > *').last().boundingBox())!;
    const limit = name === 'phone' ? (await bottom.boundingBox())!.y : viewport.height;
    expect(lastContent.y + lastContent.height).toBeLessThanOrEqual(limit + 1);
    await expectNoAxeViolations(page);
  });
}

test('task page: the expert sees the client, Accept waits for payment, the cover letter stops at 500, open tasks use the right column', async ({
  browser,
}) => {
  const client = await pageAt(browser, DESKTOP, DEMO.client);
  const taskId = await createTaskByApi(client, uniqueTitle('First-run'));

  // The open task, as the client: a summary of applications and the Next Steps hint beside the task.
  const expert = await pageAt(browser, PHONE, DEMO.expert);
  await expert.goto(`/task/${taskId}`);
  const letter = expert.getByLabel(/^Cover letter/);
  await letter.fill('x'.repeat(520));
  await expect(letter).toHaveValue('x'.repeat(500));
  await expect(expert.getByTestId('cover-letter-counter')).toHaveText('500/500 characters');
  await expect(expert.getByRole('heading', { name: 'Next Steps' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(expert);
  const { application } = (await apiPost(expert, `/api/tasks/${taskId}/applications`, {
    proposed_rate: 8_500,
    notes: 'I live nearby and can send photos and a video today.',
  })) as { application: { id: string } };

  await client.goto(`/task/${taskId}`);
  const summary = client.getByTestId('applications-summary');
  await expect(summary).toContainText('Applications received1');
  const [summaryBox, infoBox] = [
    await summary.boundingBox(),
    await client.getByRole('heading', { name: 'Description' }).boundingBox(),
  ];
  expect(summaryBox!.x).toBeGreaterThan(infoBox!.x + 400);
  await expectNoAxeViolations(client);

  await apiPost(client, `/api/tasks/${taskId}/assign`, { application_id: application.id });
  // The payment dialog explains the consent step; nothing claims an authorization yet.
  await client.goto(`/task/${taskId}`);
  await client.getByRole('button', { name: 'Authorize Payment' }).first().click();
  const dialog = client.getByRole('dialog', { name: 'Authorize Payment' });
  await expect(dialog).toHaveAccessibleDescription(
    /^Local Experts acts as the expert's limited payment collection agent\./,
  );
  await expect(dialog.getByText('Payment authorized successfully.', { exact: false })).toHaveCount(0);
  for (const viewport of [DESKTOP, PHONE]) {
    await client.setViewportSize(viewport);
    await expectNoAxeViolations(client);
  }
  for (const viewport of [PHONE, DESKTOP]) {
    await expert.setViewportSize(viewport);
    await expert.goto(`/task/${taskId}`);
    const card = expert.getByTestId('client-card');
    await expect(card.getByRole('heading', { name: 'Your Client' })).toBeVisible();
    await expect(card).toContainText('Tasks posted');
    await expect(expert.getByRole('heading', { name: 'Assigned Expert' })).toHaveCount(0);
    const accept = expert.getByRole('button', { name: 'Accept Assignment' });
    await expect(accept).toBeDisabled();
    await expect(accept).toHaveAccessibleDescription(
      'The client has not authorized payment yet. You can accept the assignment once the payment is authorized.',
    );
    await expectNoAxeViolations(expert);
  }
});

test('/stripe-return in a phone browser opens the app card, then counts down 3 seconds to the payments tab', async ({
  browser,
}) => {
  // A touch phone at 390 px (the same desktop user agent the walkthrough had).
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const phone = await context.newPage();
  await phone.goto('/stripe-return?from=stripe&success=true');
  await expect(phone.getByRole('heading', { name: 'Opening the app...' })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Continue in browser' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Continue in your browser' })).toBeVisible({
    timeout: 5_000,
  });
  await expect(phone.getByText('Taking you to your payment settings in 3s...')).toBeVisible();
  await expect(phone.getByText('Taking you to your payment settings in 1s...')).toBeVisible({
    timeout: 3_000,
  });
  await expect(phone).toHaveURL(/\/(profile\?tab=payments&success=true|auth)$/, { timeout: 5_000 });
  // The card is checked with axe on a second visit: the check takes seconds, and on the first visit
  // the countdown above would run out while it ran.
  await phone.goto('/stripe-return?from=stripe&success=true');
  await expect(phone.getByRole('heading', { name: 'Opening the app...' })).toBeVisible();
  await expectNoAxeViolations(phone);

  // A narrow desktop window without touch stays on the desktop path.
  const narrowDesktop = await pageAt(browser, PHONE);
  await narrowDesktop.goto('/stripe-return?from=stripe&success=true');
  await expect(narrowDesktop.getByRole('heading', { name: 'Success' })).toBeVisible();
});
