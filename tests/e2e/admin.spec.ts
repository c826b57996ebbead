import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, logIn, sameOrigin, signUpAndConfirm } from './fixtures';
import { createTaskByApi, signedInPage, toast, uniqueTitle } from './task-loop-helpers';

/** The admin area as the demo admin (spec 002): live figures, roles, settings the product obeys, notifications, CSV. */

async function totalUsersCard(page: Page): Promise<number> {
  await page.goto('/admin');
  const card = page.locator('[data-slot="card"]').filter({ hasText: 'Total Users' });
  const text = await card.locator('p.text-2xl').innerText();
  return Number(text.replace(/,/g, ''));
}

async function usersListTotal(page: Page): Promise<number> {
  await page.goto('/admin?tab=users');
  const line = page.getByText(/^Showing \d+ to \d+ of \d+ users$/);
  await expect(line).toBeVisible();
  return Number(/of (\d+) users/.exec(await line.innerText())![1]);
}

async function saveSettings(page: Page, change: { minPrice?: string; maintenance?: boolean }) {
  await page.goto('/admin?tab=settings');
  if (change.minPrice !== undefined) await page.getByLabel('Minimum Task Price $').fill(change.minPrice);
  if (change.maintenance !== undefined) {
    const toggle = page.getByRole('switch', { name: 'Maintenance Mode' });
    if ((await toggle.getAttribute('aria-checked')) !== String(change.maintenance)) await toggle.click();
  }
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'System settings updated successfully')).toBeVisible();
}

test('the admin lands in the admin area, Total Users matches the list and grows after a sign-up, Logout works', async ({ page, browser }) => {
  await logIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  const before = await totalUsersCard(page);
  expect(await usersListTotal(page)).toBe(before);
  // The tab is in the address and an unknown admin path goes to the admin root.
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  await page.goto('/admin/nothing-here');
  await expect(page).toHaveURL(/\/admin$/);

  const visitor = await (await browser.newContext()).newPage();
  await signUpAndConfirm(visitor, 'admin-count');
  await expect.poll(() => totalUsersCard(page)).toBe(before + 1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('search a user, add and remove the expert role; the audit log shows both', async ({ page }) => {
  await logIn(page, DEMO.admin);
  await page.goto('/admin?tab=users');
  await page.getByRole('searchbox', { name: 'Search by name, email or user ID' }).fill('CLIENT2@example');
  await page.getByRole('button', { name: 'Search' }).click();
  // One user, in the singular (issue 52: counts through Intl.PluralRules).
  await expect(page.getByText('Showing 1 to 1 of 1 user', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: DEMO.client2 });
  await expect(row.getByRole('button', { name: 'client (cannot be removed)' })).toBeDisabled();
  await row.getByRole('button', { name: 'Make Expert' }).click();
  await expect(toast(page, 'Role expert added to user')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make Expert' })).toHaveCount(0);
  await row.getByRole('button', { name: /Remove the expert role/ }).click();
  await expect(toast(page, 'Role expert removed from user')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make Expert' })).toBeVisible();
  const audit = page.getByRole('table').nth(1);
  await expect(audit.getByText('Removed the expert role')).toBeVisible();
  await expect(audit.getByText('Added the expert role')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
});

test('settings are enforced: price limit on a client task, maintenance mode on and off', async ({ page, browser }) => {
  await logIn(page, DEMO.admin);
  const client = await signedInPage(browser, DEMO.client);
  try {
    await saveSettings(page, { minPrice: '20' });
    const refused = await client.request.post('/api/tasks', {
      headers: sameOrigin(client),
      data: {
        title: uniqueTitle('Cheap check'),
        description: 'Please photograph every room and record a short video of the kitchen for my report.',
        requirements: 'Ten photos and one video of the whole apartment.',
        category: 'property',
        urgency: 'medium',
        due_date: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
        budget: 1_000,
        location: 'New York, New York, United States',
        latitude: 40.7128,
        longitude: -74.006,
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Budget must be at least $20.00');
    await createTaskByApi(client, uniqueTitle('Fair check'), 2_500);

    await saveSettings(page, { maintenance: true });
    await client.goto('/dashboard');
    await expect(client.getByRole('heading', { name: 'Down for maintenance' })).toBeVisible();
    const write = await client.request.post('/api/notifications/read-all', { data: {}, headers: sameOrigin(client) });
    expect(write.status()).toBe(503);
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { name: 'Down for maintenance' })).toBeVisible();
    await expectNoAxeViolations(visitor);
    // The admin keeps working.
    await page.goto('/admin?tab=users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  } finally {
    await saveSettings(page, { minPrice: '5', maintenance: false });
  }
  await client.goto('/dashboard');
  await expect(client.getByRole('heading', { name: 'Down for maintenance' })).toHaveCount(0);
});

test('Send Notification reaches the client bell; Export CSV downloads quoted values', async ({ page, browser }) => {
  await logIn(page, DEMO.admin);
  const title = uniqueTitle('Scheduled downtime');
  await page.goto('/admin?tab=notifications');
  await page.getByRole('button', { name: 'Send Notification' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please choose a user')).toBeVisible();
  await dialog.getByLabel('User (search by email or name)').fill('client@example');
  await dialog.getByRole('button', { name: new RegExp(DEMO.client) }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('The product is down on Sunday from 2 to 3 am.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Notification sent to 1 user')).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(title) })).toBeVisible();
  // At 390 px the admin lists are stacks of cards: nothing hides behind a sideways scroll (issue 25).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('cell', { name: new RegExp(title) })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  const client = await signedInPage(browser, DEMO.client);
  await client.goto('/dashboard');
  await client.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  await expect(client.getByText(title)).toBeVisible();

  await page.goto('/admin?tab=reports');
  await page.getByRole('tab', { name: 'Financial' }).click();
  await expect(page.getByText('Transaction Count')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^finance-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('"Period","Transaction Volume (USD)","Platform Revenue (USD)"');
  for (const line of lines) expect(line).toMatch(/^"[^"]*"(,"[^"]*")*$/);
  await expectNoAxeViolations(page);
});

test('the admin reaches a task from the Tasks tab, and from its client to the Users tab (issue 52)', async ({ page, browser }) => {
  const client = await signedInPage(browser, DEMO.client);
  const title = uniqueTitle('Admin finds me');
  try {
    await createTaskByApi(client, title, 4_200);
  } finally {
    await client.context().close();
  }
  await logIn(page, DEMO.admin);
  await page.goto('/admin?tab=tasks');
  await page.getByRole('searchbox', { name: 'Search by title, task ID, client or expert' }).fill(title);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolationsAtBothWidths(page);
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.goBack();
  await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: /Casey/ }).click();
  await expect(page).toHaveURL(/tab=users&search=/);
  await expect(page.getByRole('row').filter({ hasText: DEMO.client })).toHaveCount(1);
});
