import { expect, test, type Locator } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths } from './fixtures';
import {
  acceptAndSubmitEvidenceByApi,
  applyThroughUi,
  apiPost,
  apiTask,
  assignThroughUi,
  chooseNewYork,
  confirmInDialog,
  createTaskByApi,
  fillTaskForm,
  makePng,
  payInDialog,
  REMOTE_DESCRIPTION,
  signedInPage,
  toast,
  uniqueTitle,
} from './task-loop-helpers';

/**
 * The life of a task in the browser (issue 5): create, the content warning, the proximity refusal,
 * apply, assign and pay with the local test card, accept, evidence, confirm and capture, review;
 * plus the expert declining, the client rejecting evidence (a dispute), and the client cancelling.
 * The client and the expert each have their own browser context.
 */

test.describe('the life of a task', () => {
  test('create, warn, refuse, apply, assign and pay, accept, evidence, confirm and capture, review', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const client = await signedInPage(browser, DEMO.client);
    const expert = await signedInPage(browser, DEMO.expert);

    // (1) The client creates a task at New York, chosen with the location picker's search.
    await client.goto('/dashboard');
    await client.getByRole('link', { name: 'Create Task' }).first().click();
    await expect(client.getByRole('heading', { name: 'New Task' })).toBeVisible();
    // Once the document has loaded, an in-app navigation preloads the next page's scripts side by
    // side with it, as rel=preload scripts (decisions 0406, 0408).
    await expect(client.locator('link[rel="preload"][as="script"][href*="/assets/create-task-page-"]')).toBeAttached();
    await expect(client.locator('link[rel="modulepreload"]')).toHaveCount(0);
    await expectNoAxeViolationsAtBothWidths(client);
    const title = uniqueTitle('Apartment walkthrough');
    await fillTaskForm(client, title, REMOTE_DESCRIPTION);
    await chooseNewYork(client);
    await client.getByLabel(/^Budget/).fill('150');
    await client.getByRole('button', { name: 'Create Task' }).click();
    await expect(toast(client, 'Task created! Awaiting expert acceptance and rate proposal.')).toBeVisible();
    await expect(client).toHaveURL(/\/dashboard$/);
    const item = client.getByTestId('task-list-item').filter({ hasText: title });
    await expect(item).toContainText('Open for Applications');
    await expect(item).toContainText('$150.00');
    await expect(item).toContainText('0 applications');
    await item.getByRole('link', { name: title }).click();
    await expect(client).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
    const taskId = client.url().split('/').at(-1)!;
    await expect(client.getByRole('heading', { name: title })).toBeVisible();
    await expect(client.getByRole('link', { name: /View on map/ })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=40\.7/,
    );
    await expectNoAxeViolationsAtBothWidths(client);

    // (2) A description without remote keywords: the clarify warning shows, and the task still goes through.
    await client.goto('/dashboard/create-task');
    await fillTaskForm(
      client,
      uniqueTitle('Garden worries'),
      'My grandmother lives there and I worry about her garden.',
    );
    // The form starts with no place (issue 52): the client chooses one.
    await chooseNewYork(client);
    await client.getByRole('button', { name: 'Create Task' }).click();
    await expect(
      toast(
        client,
        'Consider clarifying that this work can be done remotely (photos, videos, virtual assessment, etc.)',
      ),
    ).toBeVisible();
    await expect(toast(client, 'Task created! Awaiting expert acceptance and rate proposal.')).toBeVisible();

    // An in-person request is refused before anything is sent.
    await client.goto('/dashboard/create-task');
    await fillTaskForm(
      client,
      uniqueTitle('Meet me'),
      'Please come over and meet me at the door to pick up the keys.',
    );
    await chooseNewYork(client);
    await client.getByRole('button', { name: 'Create Task' }).click();
    await expect(client.getByTestId('content-errors')).toContainText(
      'Task appears to request in-person services',
    );
    await expect(client).toHaveURL(/create-task$/);

    // Words about the expert going to the place pass (issue 52, decision 0453): the client cannot go.
    await client.goto('/dashboard/create-task');
    await fillTaskForm(
      client,
      uniqueTitle('Flat far away'),
      'I cannot visit the flat myself. Please visit the apartment, take photos of every room and send a video.',
    );
    await chooseNewYork(client);
    await client.getByRole('button', { name: 'Create Task' }).click();
    await expect(client.getByTestId('content-errors')).toHaveCount(0);
    await expect(toast(client, 'Task created! Awaiting expert acceptance and rate proposal.')).toBeVisible();

    // (3) The middle of the Pacific has no experts within 100 miles.
    await client.goto('/dashboard/create-task');
    await fillTaskForm(client, uniqueTitle('Ocean buoy'), REMOTE_DESCRIPTION);
    await client.getByRole('button', { name: 'Enter coordinates' }).click();
    await client.getByLabel('Latitude').fill('0');
    await client.getByLabel('Longitude').fill('-140');
    await client.getByRole('button', { name: 'Use coordinates' }).click();
    await expect(client.getByTestId('location-picker-value')).toContainText('0.00000, -140.00000');
    await client.getByRole('button', { name: 'Create Task' }).click();
    const refusal =
      'No verified experts are available within 100 miles of the selected location. Please choose a different location where our experts can provide service.';
    await expect(client.getByTestId('location-refused')).toContainText(refusal);
    await expect(client).toHaveURL(/create-task$/);

    // (4) expert1 (New York) sees the task near them and applies.
    await expert.goto('/dashboard');
    await expect(expert.getByTestId('task-list-item').filter({ hasText: title })).toContainText('mi away');
    await applyThroughUi(expert, taskId, '140');

    // (5) The client assigns and authorizes $140 with 4242 4242 4242 4242.
    await assignThroughUi(client, taskId);
    await payInDialog(client, taskId);
    await client.reload();
    await expect(client.getByTestId('budget-figure').first()).toHaveText('$140.00');
    // The browser tab names the task, and each page names itself.
    await expect(client).toHaveTitle(`${title} · Local Experts`);
    await expect(client.getByText('assigned', { exact: true })).toBeVisible();
    // The task page's forms load zod when they are submitted, not with the page (decision 0407).
    const scriptsWithZod = await client.evaluate(async () => {
      const scripts = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\/assets\/.*\.js$/.test(url));
      const bodies = await Promise.all(scripts.map(async (url) => [url, await (await fetch(url)).text()] as const));
      return { scripts: scripts.length, withZod: bodies.filter(([, body]) => body.includes('$ZodType')).map(([url]) => url) };
    });
    expect(scriptsWithZod.scripts).toBeGreaterThan(5);
    expect(scriptsWithZod.withZod).toEqual([]);
    // The task page's and the dashboard's documents carry their first screen (decision 0408), and the
    // app takes the shell's place without moving what the user reads: the shell's title (seen with
    // scripts off) has the page's title's box.
    await expect(client.locator('#page-shell')).toHaveCount(0);
    const shellContext = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await client.context().storageState(),
      viewport: client.viewportSize(),
    });
    const shellPage = await shellContext.newPage();
    await shellPage.goto(`/task/${taskId}`);
    const shellTitle = shellPage.locator('#page-shell p', { hasText: title });
    await expect(shellTitle).toBeVisible();
    expect(await shellTitle.boundingBox()).toEqual(await client.locator('h1#task-title').boundingBox());
    // The status dot is blue for an assigned task, in the shell as on the page: its colour classes
    // live in src/shared, which the stylesheet must scan too.
    const dotColour = (dot: Locator) => dot.evaluate((element) => getComputedStyle(element).backgroundColor);
    const pageDot = client.locator('[data-status-color="blue"] > span[aria-hidden="true"]');
    expect(await dotColour(pageDot)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await dotColour(shellPage.locator('#page-shell span.rounded-full'))).toBe(await dotColour(pageDot));
    await shellPage.goto('/dashboard');
    await client.goto('/dashboard');
    await expect(client).toHaveTitle('Dashboard · Local Experts');
    // The avatar link's name holds the initials it shows (label in name, WCAG 2.5.3).
    await expect(client.getByRole('link', { name: /^Your profile \([A-Z]{1,2}\)$/ })).toBeVisible();
    const firstCardTitle = client.getByTestId('task-list-item').first().locator('h2');
    await expect(firstCardTitle).toBeVisible();
    const shellCardTitle = shellPage.locator('#page-shell li p').first();
    await expect(shellCardTitle).toHaveText((await firstCardTitle.textContent())!);
    expect(await shellCardTitle.boundingBox()).toEqual(await firstCardTitle.boundingBox());
    await shellContext.close();
    await client.goto(`/task/${taskId}`);

    // (6) The expert accepts and uploads a photo with completion notes.
    await expert.goto(`/task/${taskId}`);
    await expert.getByRole('button', { name: 'Accept Assignment' }).click();
    await expect(toast(expert, 'Assignment accepted. You can start working on the task.')).toBeVisible();
    await expect(expert.getByText('in progress', { exact: true })).toBeVisible();
    await expert
      .getByLabel(/^Completion notes/)
      .fill('Photographed every room and the kitchen. Everything looks fine.');
    await expert
      .getByLabel(/^Photos/)
      .setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: makePng(8, 8) });
    await expert.getByRole('button', { name: 'Submit Evidence' }).click();
    await expect(
      toast(expert, 'Evidence submitted! The client has been asked to review it within 72 hours.'),
    ).toBeVisible();
    await expect(expert.getByText('pending approval', { exact: true })).toBeVisible();

    // (7) The client sees the evidence, confirms and pays: the hold is captured.
    await client.reload();
    await expect(client.getByTestId('completion-notes')).toContainText('Photographed every room');
    const photo = client.getByRole('img', { name: 'Evidence photo 1' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    const before = (await apiTask(client, taskId)).expert?.avg_rating ?? null;
    await confirmInDialog(client, 'Confirm & Pay');
    await expect(toast(client, 'Payment successfully captured and released to expert')).toBeVisible();
    await expect(client.getByText('verified', { exact: true })).toBeVisible();
    const captured = await apiTask(client, taskId);
    expect(captured.payment_status).toBe('captured');
    expect(captured.transactions.some((row) => row.status === 'captured' && row.amount === 14_000)).toBe(
      true,
    );
    // The payment section (payments feature) shows the captured status and the transaction row.
    await expect(client.getByText('Payment Captured').first()).toBeVisible();
    await expect(
      client.getByRole('row').filter({ hasText: '$140.00' }).filter({ hasText: 'Captured' }),
    ).toBeVisible();

    // (8) The client reviews with the keyboard-operable stars; the expert's average changes. Reviews are
    // double-blind (issue 23): the expert has reviewed the client, so the client's review counts at once.
    await apiPost(expert, `/api/tasks/${taskId}/client-review`, { rating: 5, comment: 'Clear brief and quick to confirm.' });
    const rating = before !== null && before >= 3 ? 1 : 5;
    await client.getByRole('radio', { name: '1 star' }).focus();
    await client.keyboard.press('Space');
    for (let step = 1; step < rating; step += 1) await client.keyboard.press('ArrowRight');
    await expect(
      client.getByRole('radio', { name: rating === 1 ? '1 star' : `${rating} stars` }),
    ).toBeChecked();
    await client.getByLabel(/^Comment/).fill('Quick, careful and the photos were very clear.');
    await client.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toast(client, 'Review submitted successfully')).toBeVisible();
    await expect(client.getByTestId('task-review')).toContainText(
      'Quick, careful and the photos were very clear.',
    );
    await expect
      .poll(async () => (await apiTask(client, taskId)).expert?.avg_rating ?? null)
      .not.toBe(before);

    await client.context().close();
    await expert.context().close();
  });

  test('the assigned expert declines: the task opens again', async ({ browser }) => {
    const client = await signedInPage(browser, DEMO.client);
    const expert = await signedInPage(browser, DEMO.expert);
    const taskId = await createTaskByApi(client, uniqueTitle('Decline me'));
    await applyThroughUi(expert, taskId, '85.50');
    const dialog = await assignThroughUi(client, taskId);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await expert.goto(`/task/${taskId}`);
    const card = expert.getByTestId('assignment-card');
    await expect(card).toContainText('The client has not authorized payment yet.');
    await expectNoAxeViolationsAtBothWidths(expert);
    // Issue 50: Decline is the expert's cancel with a reason; it costs the client nothing.
    await card.getByRole('button', { name: 'Decline' }).click();
    const cancel = expert.getByTestId('cancel-booking-dialog');
    await cancel.getByRole('radio', { name: 'I am no longer available' }).check();
    await cancel.getByRole('button', { name: 'Cancel my booking' }).click();
    await expect(toast(expert, 'You cancelled the booking. The client has been told and the task is open again.')).toBeVisible();
    await expect.poll(async () => (await apiTask(client, taskId)).status).toBe('open');
    await client.reload();
    await expect(client.getByText('open', { exact: true })).toBeVisible();

    await client.context().close();
    await expert.context().close();
  });

  test('the client rejects the evidence: a dispute opens; the expert accepts it and the hold is voided', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const client = await signedInPage(browser, DEMO.client);
    const expert = await signedInPage(browser, DEMO.expert);
    const taskId = await createTaskByApi(client, uniqueTitle('Reject evidence'));
    await applyThroughUi(expert, taskId, '95');
    await assignThroughUi(client, taskId);
    await payInDialog(client, taskId);
    await acceptAndSubmitEvidenceByApi(expert, taskId);

    await client.reload();
    await expect(client.getByRole('img', { name: 'Evidence photo 1' })).toBeVisible();
    await client.getByRole('button', { name: 'Reject Evidence', exact: true }).click();
    const dialog = client.getByRole('dialog', { name: 'Reject the evidence' });
    await dialog.getByRole('button', { name: 'Reject and open a dispute' }).click();
    await expect(dialog.getByText('Please tell the expert why you are rejecting the evidence')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The kitchen video is missing.');
    await dialog.getByRole('button', { name: 'Reject and open a dispute' }).click();
    await expect(toast(client, 'The evidence was rejected and a dispute was opened. An admin will review it.')).toBeVisible();
    await expect(client.getByTestId('dispute')).toContainText('The kitchen video is missing.');
    expect((await apiTask(client, taskId)).status).toBe('disputed');

    await expert.goto(`/task/${taskId}`);
    await expect(expert.getByTestId('dispute')).toContainText('The kitchen video is missing.');
    await confirmInDialog(expert, 'Accept the rejection');
    await expect(toast(expert, 'You accepted the rejection. The task is cancelled and the hold released.')).toBeVisible();
    await client.reload();
    await expect(client.getByText('cancelled', { exact: true })).toBeVisible();
    await expect(
      client.getByRole('row').filter({ hasText: '$95.00' }).filter({ hasText: 'Voided' }),
    ).toBeVisible();
    const task = await apiTask(client, taskId);
    expect(task.status).toBe('cancelled');
    expect(task.transactions.some((row) => row.status === 'voided')).toBe(true);
    expect(task.transactions.some((row) => row.status === 'captured')).toBe(false);

    await client.context().close();
    await expert.context().close();
  });

  test('the client cancels an assigned, paid task: the hold is released', async ({ browser }) => {
    test.setTimeout(120_000);
    const client = await signedInPage(browser, DEMO.client);
    const expert = await signedInPage(browser, DEMO.expert);
    const taskId = await createTaskByApi(client, uniqueTitle('Cancel me'));
    await applyThroughUi(expert, taskId, '70');
    await assignThroughUi(client, taskId);
    await payInDialog(client, taskId);

    await client.reload();
    // Issue 50: the dialog states the cost before the click (free within the hour after hiring) and
    // asks for a reason.
    await client.getByRole('button', { name: 'Cancel Task' }).click();
    const dialog = client.getByTestId('cancel-booking-dialog');
    await expect(dialog.getByText('Free: nothing is charged.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'My plans changed' }).check();
    await dialog.getByRole('button', { name: 'Cancel task', exact: true }).click();
    await expect(toast(client, 'Task cancelled successfully')).toBeVisible();
    await expect(client.getByText('cancelled', { exact: true })).toBeVisible();
    await expect(client.getByRole('button', { name: 'Cancel Task' })).toHaveCount(0);
    await expect(
      client.getByRole('row').filter({ hasText: '$70.00' }).filter({ hasText: 'Voided' }),
    ).toBeVisible();
    const task = await apiTask(client, taskId);
    expect(task.status).toBe('cancelled');
    expect(task.transactions.some((row) => row.status === 'voided')).toBe(true);

    // Nothing is left for the expert to do on a cancelled task.
    await expert.goto(`/task/${taskId}`);
    await expect(expert.getByRole('button', { name: 'Accept Assignment' })).toHaveCount(0);

    await client.context().close();
    await expert.context().close();
  });

  test('the quick-task draft pre-fills the form once, with the notice', async ({ browser }) => {
    const client = await signedInPage(browser, DEMO.client);
    await client.evaluate(() =>
      localStorage.setItem(
        'quick-task-draft',
        JSON.stringify({
          title: 'Check my parents house',
          location: 'Austin, Texas',
          latitude: 30.2672,
          longitude: -97.7431,
        }),
      ),
    );
    await client.goto('/dashboard/create-task');
    await expect(
      client.getByText("We've pre-filled your task with the information you provided earlier."),
    ).toBeVisible();
    await expect(client.getByLabel('Title')).toHaveValue('Check my parents house');
    await expect(client.getByTestId('location-picker-value')).toHaveText('30.26720, -97.74310');
    expect(await client.evaluate(() => localStorage.getItem('quick-task-draft'))).toBeNull();
    await client.reload();
    await expect(client.getByLabel('Title')).toHaveValue('');
    await expect(
      client.getByText("We've pre-filled your task with the information you provided earlier."),
    ).toHaveCount(0);
    await client.context().close();
  });

  test('Back to a task page shows the task as it is now, not as the cached page had it', async ({ browser }) => {
    const client = await signedInPage(browser, DEMO.client);
    const before = uniqueTitle('Look over the garden shed');
    const after = uniqueTitle('Look over the shed and the fence');
    const taskId = await createTaskByApi(client, before);
    await client.goto(`/task/${taskId}`);
    await expect(client.getByRole('heading', { level: 1, name: before })).toBeVisible();
    await client.goto('/profile');
    await expect(client.getByRole('tab', { name: 'Account' })).toBeVisible();
    // Meanwhile the task changes, as from another tab.
    const renamed = await client.request.patch(`/api/tasks/${taskId}`, {
      data: { title: after },
      headers: { origin: new URL(client.url()).origin },
    });
    expect(renamed.ok()).toBeTruthy();
    // Chromium takes the task page's document from its cache for Back (decision 0414): the page
    // must not show the reads that document carried.
    await client.goBack();
    await expect(client).toHaveURL(new RegExp(`/task/${taskId}$`));
    await expect(client.getByRole('heading', { level: 1, name: after })).toBeVisible();
    await expect(client.getByRole('heading', { level: 1, name: before })).toHaveCount(0);
    await client.context().close();
  });
});
