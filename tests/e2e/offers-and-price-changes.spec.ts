import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths } from './fixtures';
import { apiPost, apiTask, createTaskByApi, payInDialog, signedInPage, toast, uniqueTitle } from './task-loop-helpers';

/**
 * Issue 51 (decisions 0466 and 0467): the client proposes another rate, the expert accepts, and the
 * client hires at the agreed rate (the hold is for it); then on site the expert proposes a higher
 * price, the client approves it, and the hold grows to the new price.
 */
test('a counter-offer accepted, the hire at the agreed rate, then a price increase approved', async ({ browser }) => {
  test.setTimeout(180_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);

  const taskId = await createTaskByApi(client, uniqueTitle('Used car check'), 10_000);
  await apiPost(expert, `/api/tasks/${taskId}/applications`, { proposed_rate: 12_000, notes: 'I can look at the car tomorrow morning.' });

  // The client proposes $100 with a note.
  await client.goto(`/task/${taskId}`);
  const card = client.getByTestId('application');
  await card.getByRole('button', { name: 'Propose another rate' }).click();
  const dialog = client.getByRole('dialog', { name: 'Propose another rate' });
  await dialog.getByLabel(/^Rate \(USD\)/).fill('100');
  await dialog.getByLabel(/^Note/).fill('My budget is $100.');
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await expect(toast(client, /^Proposal sent/)).toBeVisible();
  await expect(card.getByTestId('offers-panel')).toContainText('Waiting for an answer');
  await expectNoAxeViolationsAtBothWidths(client);

  // The expert sees it on their application and accepts.
  await expert.goto(`/task/${taskId}`);
  const offers = expert.getByTestId('offers-panel');
  await expect(offers).toContainText('My budget is $100.');
  await expectNoAxeViolationsAtBothWidths(expert);
  await offers.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(expert, /^Rate agreed/)).toBeVisible();

  // The client hires: the payment dialog asks for the agreed $100.
  await client.reload();
  await expect(client.getByTestId('offers-panel')).toContainText('Accepted');
  await client.getByTestId('application').getByRole('button', { name: 'Assign' }).click();
  await expect(client.getByRole('dialog', { name: 'Authorize Payment' })).toContainText('$100.00');
  await payInDialog(client, taskId);
  const hired = (await (await client.request.get(`/api/tasks/${taskId}`)).json()) as { task: { budget: number; transactions: { amount: number }[] } };
  expect(hired.task.budget).toBe(10_000);
  expect(hired.task.transactions[0]?.amount).toBe(10_000);

  // On site: the expert proposes $130 for a second car, the client approves.
  await apiPost(expert, `/api/tasks/${taskId}/accept`);
  await expert.goto(`/task/${taskId}`);
  const expertPanel = expert.getByTestId('price-changes-panel');
  await expertPanel.getByRole('button', { name: 'Propose a new price' }).click();
  const change = expert.getByRole('dialog', { name: 'Propose a new price' });
  await change.getByLabel(/^New price \(USD\)/).fill('130');
  await change.getByLabel(/^Reason/).fill('The seller asked me to check a second car.');
  await change.getByRole('button', { name: 'Send price change' }).click();
  await expect(toast(expert, /^Price change sent/)).toBeVisible();

  await client.goto(`/task/${taskId}`);
  const clientPanel = client.getByTestId('price-changes-panel');
  await expect(clientPanel).toContainText('$100.00 → $130.00');
  await expectNoAxeViolationsAtBothWidths(client);
  await clientPanel.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(client, /^Price raised to \$130\.00/)).toBeVisible();
  await expect(clientPanel).toContainText('Hold increased');
  await expect.poll(async () => ((await (await client.request.get(`/api/tasks/${taskId}`)).json()) as { task: { budget: number } }).task.budget).toBe(13_000);
  expect((await apiTask(client, taskId)).payment_status).toBe('authorized');

  await client.context().close();
  await expert.context().close();
});
