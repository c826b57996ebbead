import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths } from './fixtures';
import {
  acceptAndSubmitEvidenceByApi,
  apiPost,
  apiTask,
  createTaskByApi,
  payInDialog,
  signedInPage,
  uniqueTitle,
} from './task-loop-helpers';

interface EarningsJson {
  rows: {
    task_id: string;
    title: string;
    price_cents: number;
    platform_fee_cents: number;
    provider_fee_cents: number | null;
    tip_cents: number;
    net_cents: number;
    status: string;
  }[];
}

const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Issue 51 (decisions 0470, 0471): a confirmed task's client adds a 15% tip; the expert finds the task
 * on the earnings page with its fees, tip and net, and downloads the CSV.
 */
test('a tip after confirmation, then the expert sees the task and its net, and downloads the CSV', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);

  const title = uniqueTitle('Earnings journey');
  const taskId = await createTaskByApi(client, title, 9_000);
  await apiPost(expert, `/api/tasks/${taskId}/applications`, {
    proposed_rate: 9_000,
    notes: 'I can do this one tomorrow morning.',
  });
  const [application] = (await apiTask(client, taskId)).applications;
  await apiPost(client, `/api/tasks/${taskId}/assign`, { application_id: application!.id });
  await client.goto(`/task/${taskId}`);
  await client
    .getByRole('button', { name: /^Authorize Payment/ })
    .first()
    .click();
  await payInDialog(client, taskId);
  await acceptAndSubmitEvidenceByApi(expert, taskId);
  await apiPost(client, `/api/tasks/${taskId}/evidence/confirm`);

  // The client thanks the expert with 15% of $90.00, by keyboard.
  await client.goto(`/task/${taskId}`);
  const tipCard = client.getByRole('heading', { name: 'Add a tip' });
  await expect(tipCard).toBeVisible();
  await client.getByRole('radio', { name: '15% ($13.50)' }).check();
  await expectNoAxeViolationsAtBothWidths(client);
  await client.getByRole('button', { name: 'Add tip of $13.50' }).focus();
  await client.keyboard.press('Enter');
  await expect(client.getByRole('status').filter({ hasText: 'Thank you! Your tip of $13.50' })).toBeVisible();

  // The expert opens Earnings from the navigation; once the provider's facts are read, the fee is there.
  await expert.goto('/dashboard');
  await expert
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Earnings' })
    .first()
    .click();
  await expect(expert.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  let row: EarningsJson['rows'][number] | undefined;
  await expect
    .poll(
      async () => {
        const body = (await (await expert.request.get('/api/earnings')).json()) as EarningsJson;
        row = body.rows.find((candidate) => candidate.task_id === taskId);
        return row?.provider_fee_cents ?? null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  expect(row).toMatchObject({ price_cents: 9_000, tip_cents: 1_350, status: 'captured' });
  expect(row!.net_cents).toBe(9_000 - row!.platform_fee_cents - row!.provider_fee_cents! + 1_350);
  await expert.reload();
  const line = expert.getByRole('row').filter({ hasText: title });
  await expect(line).toContainText(usd(row!.net_cents));
  await expect(line).toContainText(`-${usd(row!.platform_fee_cents)}`);
  await expect(line).toContainText('$13.50');
  await expectNoAxeViolationsAtBothWidths(expert);

  const [download] = await Promise.all([
    expert.waitForEvent('download'),
    expert.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(title);
  expect(csv).toContain(`"${(row!.net_cents / 100).toFixed(2)}"`);

  await client.context().close();
  await expert.context().close();
});
