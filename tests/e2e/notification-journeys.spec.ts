import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { DEMO, expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, sameOrigin } from './fixtures';
import {
  acceptAndSubmitEvidenceByApi,
  apiPost,
  apiTask,
  createTaskByApi,
  payInDialog,
  signedInPage,
  subscribedTo,
  toast,
  uniqueTitle,
} from './task-loop-helpers';

/** Issue 19: the mail that brings a client back, and the alert that brings an expert to a new task. */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Checks the screen at both widths: no axe violation, and a screenshot in the test's output to look at. */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string, visible: () => Promise<void>) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await visible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

test('a client gets the "evidence submitted" mail, and its button opens the task page', async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);
  const title = uniqueTitle('Mailed evidence');
  const taskId = await createTaskByApi(client, title, 8_000);
  await apiPost(expert, `/api/tasks/${taskId}/applications`, {
    proposed_rate: 8_000,
    notes: 'I live nearby and can photograph every room today.',
  });
  const [application] = (await apiTask(client, taskId)).applications;
  await apiPost(client, `/api/tasks/${taskId}/assign`, { application_id: application!.id });
  await client.goto(`/task/${taskId}`);
  await client.getByRole('button', { name: /^Authorize Payment/ }).first().click();
  await payInDialog(client, taskId);
  await acceptAndSubmitEvidenceByApi(expert, taskId);

  // The delivery job mails the client; the dev outbox plays their inbox.
  const taskUrl = `${new URL(client.url()).origin}/task/${taskId}`;
  await expect
    .poll(async () => {
      const response = await client.request.get(`/dev/outbox/messages?channel=email&recipient=${encodeURIComponent(DEMO.client)}`);
      const { messages } = (await response.json()) as { messages: Array<{ subject: string | null; action_url: string | null }> };
      return messages.filter((mail) => mail.subject?.startsWith('Evidence Submitted') && mail.action_url === taskUrl).length;
    }, { timeout: 20_000 })
    .toBe(1);
  await client.goto(`/dev/outbox?channel=email&recipient=${encodeURIComponent(DEMO.client)}`);
  const mail = client
    .getByRole('article')
    .filter({ has: client.getByRole('heading', { name: /^Evidence Submitted/ }) })
    .filter({ hasText: title });
  await expect(mail).toHaveCount(1);
  // The review window the admin set (72 hours by default), not a fixed sentence (issue 52, decision 0451).
  await expect(mail).toContainText('72 hours');
  // The rendered HTML mail's button, as the client would click it in their mail program.
  const button = mail.frameLocator('iframe').getByRole('link', { name: 'Open the task' });
  await expect(button).toHaveAttribute('href', taskUrl);
  await client.goto((await button.getAttribute('href'))!);

  await expect(client).toHaveURL(taskUrl);
  await checkAtBothWidths(client, testInfo, 'evidence-mail-task-page', async () => {
    await expect(client.getByRole('heading', { name: title })).toBeVisible();
    await expect(client.getByRole('button', { name: 'Confirm & Pay', exact: true })).toBeVisible();
  });

  await client.context().close();
  await expert.context().close();
});

test('an expert turns on task alerts and sees a new nearby task appear in the bell', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const expert = await signedInPage(browser, DEMO.expert);
  const client = await signedInPage(browser, DEMO.client);
  // Issue 52: while alerts are off the dashboard says so, and links to the one switch that turns them on.
  await expert.goto('/dashboard');
  await expect(expert.getByText('Task alerts are off: you will not hear of new tasks near you.')).toBeVisible({ timeout: 30_000 });
  await expert.getByRole('link', { name: 'Turn on task alerts' }).click();
  await expect(expert).toHaveURL(/\/profile\?tab=notifications$/);
  const alerts = expert.getByRole('switch', { name: 'Alert me about new tasks' });
  // The profile's tabs load lazily: give a busy machine time.
  await expect(alerts).toHaveAttribute('aria-checked', 'false', { timeout: 30_000 });
  // One control per fact: no email or push switch of task alerts looks on while alerts are off.
  await expect(expert.getByRole('switch', { name: 'Task alerts by email' })).toHaveCount(0);
  await alerts.click();
  await expert.getByRole('button', { name: 'Save task alerts' }).click();
  await expect(toast(expert, 'Task alerts saved')).toBeVisible();
  await expect(expert.getByRole('switch', { name: 'Task alerts by email' })).toHaveAttribute('aria-checked', 'true');
  await expectNoAxeViolationsAtBothWidths(expert);

  try {
    // The alert is shown live only to a socket already subscribed to the expert's notifications.
    const live = subscribedTo(expert, 'notifications');
    await expert.goto('/dashboard');
    await expect(expert.getByRole('button', { name: /^Notifications, \d+ unread/ })).toBeVisible();
    await live;
    const title = uniqueTitle('Nearby alert');
    // Posted at the expert's service location (New York).
    await createTaskByApi(client, title, 9_000);

    // Live: the toast and the bell, without a reload.
    await expect(toast(expert, 'New Task Nearby')).toBeVisible({ timeout: 30_000 }).catch(async (error: Error) => {
      // This wait failed in 2 of 16 CI runs and passed on the retry: say whether the alert was made
      // at all (the job) or made and not shown live (the socket or the bell), for the next reader.
      const list = (await (await expert.request.get('/api/notifications')).json()) as {
        notifications: Array<{ message: string; created_at: string }>;
      };
      const made = list.notifications.find((notification) => notification.message.includes(title));
      const what = made ? `was made at ${made.created_at}` : "is not among the expert's notifications";
      throw new Error(`${error.message}\nThe alert ${what}.`);
    });
    await expert.getByRole('button', { name: /^Notifications, [1-9]\d* unread/ }).click();
    const alert = expert.getByRole('button', { name: new RegExp(`"${title}" was posted \\d+\\.\\d mi from you`) });
    await checkAtBothWidths(expert, testInfo, 'task-alert-bell', async () => {
      if (!(await alert.isVisible())) await expert.getByRole('button', { name: /^Notifications, [1-9]\d* unread/ }).click();
      await expect(alert).toBeVisible();
    });
    await alert.click();
    await expect(expert).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
    await expect(expert.getByRole('heading', { name: title })).toBeVisible();
  } finally {
    // Later journeys in this worker post tasks near the same expert: alerts go off again.
    const settings = await (await expert.request.get('/api/task-alert-settings')).json();
    const { enabled: _enabled, has_location: _location, hourly_cap: _cap, ...rest } = settings as Record<string, unknown>;
    const off = await expert.request.put('/api/task-alert-settings', { data: { ...rest, enabled: false }, headers: sameOrigin(expert) });
    expect(off.ok(), await off.text()).toBeTruthy();
  }

  await client.context().close();
  await expert.context().close();
});
