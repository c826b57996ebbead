import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths, logIn } from './fixtures';
import { apiTask, applyThroughUi, assignThroughUi, createTaskByApi, signedInPage, uniqueTitle } from './task-loop-helpers';

/**
 * Money that survives a lost answer (issue 47, decision 0440): the card step authorizes the hold at
 * the provider, but the browser's confirm never reaches the server (the tab closed, the network
 * dropped). The reconciler finds the hold and records it, the client sees the payment authorized, and
 * the admin's System tab shows what it repaired. The development clock control (never mounted in
 * production) moves time so that the reconciler's next run is due.
 */
test('a hold whose confirm never arrived is brought in by the reconciler, and the System tab says so', async ({ browser }) => {
  test.setTimeout(150_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);
  const taskId = await createTaskByApi(client, uniqueTitle('Lost confirm'), 7_500);
  await applyThroughUi(expert, taskId, '75');
  const dialog = await assignThroughUi(client, taskId);

  // The card step goes through at the provider; its confirm call is lost on the way.
  await client.route('**/api/payments/confirm', (route) => route.abort('connectionreset'));
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Agree' }).click();
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  const name = dialog.getByLabel('Name on card');
  if (await name.count()) await name.fill('Casey Client');
  const postal = dialog.getByLabel('Postal code');
  if (await postal.count()) await postal.fill('10001');
  const confirmCall = client.waitForRequest('**/api/payments/confirm');
  await dialog.getByRole('button', { name: /^Authorize \$/ }).click();
  await confirmCall;
  // The route stays cut until the end: no retry of the browser's own brings the hold in.
  expect((await apiTask(client, taskId)).payment_status).toBe('pending');

  // The reconciler's next run (the clock moved past its period).
  const moved = await client.request.post('/dev/clock/advance', { data: { hours: 0.1 }, headers: { origin: new URL(client.url()).origin } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  await expect.poll(async () => (await apiTask(client, taskId)).payment_status, { timeout: 20_000 }).toBe('authorized');
  const task = await apiTask(client, taskId);
  expect(task.transactions.map((row) => row.status)).toEqual(['authorized']);
  await client.unroute('**/api/payments/confirm');

  await client.goto(`/task/${taskId}`);
  await expect(client.getByRole('row').filter({ hasText: '$75.00' }).filter({ hasText: 'Authorized' })).toBeVisible();

  // The admin sees the run and the repair, with a link to the task.
  const admin = await browser.newPage();
  await logIn(admin, DEMO.admin);
  await admin.goto('/admin?tab=system');
  const section = admin.locator('[data-slot="card"]').filter({ hasText: 'Payment reconciliation' });
  await expect(section).toContainText(/Last run .*payments? checked/);
  const finding = section.getByRole('listitem').filter({ has: admin.getByRole('link', { name: `Task ${taskId.slice(0, 8)}` }) });
  await expect(finding).toContainText('authorization not recorded · repaired');
  await expectNoAxeViolationsAtBothWidths(admin);

  await client.context().close();
  await expert.context().close();
  await admin.close();
});
