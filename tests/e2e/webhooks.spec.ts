import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request as apiRequest, test } from '@playwright/test';
import { createApiClient } from '../../clients/typescript';
import { verifyWebhookSignature } from '../../clients/typescript/webhooks';
import { DEMO, expectNoAxeViolationsAtBothWidths } from './fixtures';
import { signedInPage, uniqueTitle } from './task-loop-helpers';

/**
 * Issue 54 (decisions 0472, 0473): a business's developer, on the Developers tab, creates an API key
 * and a webhook endpoint (a receiver this test runs on 127.0.0.1), creates a task through the API
 * with the key, sees the signed delivery in the endpoint's log, then revokes the key. axe at 1280 and
 * 390 px on the tab and on the endpoint page.
 */
test('a key and a webhook endpoint: a task created through the API shows in the delivery log; the key is revoked', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const received: Array<{ body: string; signature: string; type: string }> = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-webhook-signature']), type: String(req.headers['x-webhook-event']) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/local-experts`;

  try {
    const page = await signedInPage(browser, DEMO.client);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile?tab=developers');

    // An API key that may create tasks, shown once.
    const keyName = uniqueTitle('Listing sync');
    await page.getByLabel('Key name').fill(keyName);
    await page.getByLabel(/tasks:write/).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const keyField = page.getByRole('textbox', { name: 'Your new key' });
    await expect(keyField).toHaveValue(/^lek_live_/);
    const apiKey = await keyField.inputValue();
    await page.getByRole('button', { name: 'Done' }).first().click();

    // An endpoint for every event (the default), its signing secret shown once.
    const endpoints = page.getByTestId('webhook-endpoints');
    await endpoints.getByLabel('Endpoint URL').fill(receiverUrl);
    await endpoints.getByLabel('Description (optional)').fill('Our listing system');
    await endpoints.getByRole('button', { name: 'Add endpoint' }).click();
    const secretField = endpoints.getByRole('textbox', { name: 'Signing secret' });
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    await endpoints.getByRole('button', { name: 'Done' }).click();
    await expect(endpoints.getByTestId('webhook-endpoint').filter({ hasText: receiverUrl })).toContainText('Enabled');
    await expectNoAxeViolationsAtBothWidths(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The business's own system creates a task with the key: no cookie, no browser.
    const api = createApiClient({ baseUrl: baseURL!, apiKey });
    const title = uniqueTitle('Inspect the used car before purchase');
    const created = await api.POST('/api/tasks', {
      body: {
        title,
        description: 'Please photograph the car from every side, the engine bay and the odometer reading.',
        requirements: 'Twelve photos and one short video of the engine running.',
        category: 'vehicle',
        urgency: 'medium',
        budget: 9_000,
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        location: 'New York, New York, United States',
        latitude: 40.7128,
        longitude: -74.006,
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const taskId = created.data!.task.id;

    // The endpoint page shows the delivery once the receiver has answered.
    await endpoints.getByRole('link', { name: `Open ${receiverUrl}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
    const delivery = page.getByTestId('webhook-delivery').filter({ hasText: 'task.created' }).first();
    await expect(delivery).toContainText('Delivered', { timeout: 20_000 });
    await expect(delivery).toContainText('200');
    const hook = received.find((entry) => entry.type === 'task.created' && entry.body.includes(taskId));
    expect(hook, 'the receiver got the task.created event').toBeTruthy();
    expect(verifyWebhookSignature({ payload: hook!.body, header: hook!.signature, secrets: secret })).toBe(true);
    expect(verifyWebhookSignature({ payload: hook!.body.replace(title, 'Another title'), header: hook!.signature, secrets: secret })).toBe(false);
    await expectNoAxeViolationsAtBothWidths(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Revoked on the Developers tab: the next request with the key is refused at once.
    await page.getByRole('link', { name: 'Back to Developers' }).click();
    await page.getByRole('button', { name: `Revoke key ${keyName}` }).click();
    await expect(page.getByTestId('api-key').filter({ hasText: keyName })).toContainText('Revoked');
    const outsider = await apiRequest.newContext({ baseURL });
    const refused = await outsider.get(`/api/tasks/${taskId}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(refused.status()).toBe(401);
    await outsider.dispose();
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
