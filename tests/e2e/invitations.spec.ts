import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, expectNoAxeViolations, sameOrigin } from './fixtures';
import {
  acceptAndSubmitEvidenceByApi,
  apiPost,
  assignThroughUi,
  createTaskByApi,
  fillTaskForm,
  payInDialog,
  REMOTE_DESCRIPTION,
  signedInPage,
  toast,
  uniqueTitle,
} from './task-loop-helpers';

/**
 * Issue 23, lean (API shortcuts for set-up): a client finds an expert in the directory and invites
 * them, the expert applies from the invitation; both review each other, double-blind; and at 390 px a
 * client turned away by the 100-mile check waits on the waitlist until an expert onboards nearby.
 */

/** A tiny but real PDF: the expert application checks the content. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The far South Pacific: no expert within 100 miles (and no other journey uses it). */
const NOWHERE = { latitude: '-45', longitude: '-120' };

/** Picks `stars` with the keyboard-operable star radios (the icons sit over the inputs). */
async function rate(scope: Locator, page: Page, stars: number) {
  await scope.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let step = 1; step < stars; step += 1) await page.keyboard.press('ArrowRight');
  await expect(scope.getByRole('radio', { name: `${stars} stars` })).toBeChecked();
}

test('1280 px: directory, invitation, application; then double-blind reviews on the finished task', async ({ browser }) => {
  // Two browsers, a card payment and three axe runs: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const client = await signedInPage(browser, DEMO.client2);
  const expert = await signedInPage(browser, DEMO.expert);
  await client.setViewportSize({ width: 1280, height: 900 });
  await expert.setViewportSize({ width: 1280, height: 900 });
  const title = uniqueTitle('Photograph the loft');
  const taskId = await createTaskByApi(client, title);
  const me = (await (await expert.request.get('/api/experts/me')).json()) as {
    expert: { id: string; latitude: number; longitude: number };
  };

  // The client finds the expert near the expert's own place, nearest first.
  await client.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find an expert' }).click();
  await expect(client.getByRole('heading', { name: 'Find an expert' })).toBeVisible();
  await client.getByRole('button', { name: 'Enter coordinates' }).click();
  await client.getByLabel('Latitude').fill(String(me.expert.latitude));
  await client.getByLabel('Longitude').fill(String(me.expert.longitude));
  await client.getByRole('button', { name: 'Use coordinates' }).click();
  await expect(client.getByTestId('location-picker-value')).toBeVisible();
  await client.getByLabel('Distance').selectOption('10');
  await client.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(client).toHaveURL(/miles=10/);
  const card = client.getByTestId('directory-card').first();
  await expect(card.getByRole('link', { name: 'View profile' })).toHaveAttribute('href', `/expert/${me.expert.id}`, { timeout: 30_000 });
  await expectNoAxeViolations(client);

  await card.getByRole('button', { name: 'Invite to a task' }).click();
  const dialog = client.getByRole('dialog');
  await dialog.getByLabel('Your open task').selectOption({ label: title });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(client, /Invitation sent/)).toBeVisible();

  // The expert sees the invitation on the task and applies through the normal form.
  await expert.goto(`/task/${taskId}`);
  const notice = expert.getByTestId('invitation-notice');
  await expect(notice).toContainText('invited you to apply to this task', { timeout: 30_000 });
  await expectNoAxeViolations(expert);
  await notice.getByRole('button', { name: 'Apply' }).click();
  await expert.getByLabel(/^Your proposed rate/).fill('90');
  await expert.getByLabel(/^Cover letter/).fill('Invited and happy to help: photos and a video of every room.');
  await expert.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(expert, 'Applied for the task successfully!')).toBeVisible();
  await expect(notice).toBeHidden();

  // Finished through shortcuts: hire and pay, evidence, confirm.
  await assignThroughUi(client, taskId);
  await payInDialog(client, taskId);
  await acceptAndSubmitEvidenceByApi(expert, taskId);
  await apiPost(client, `/api/tasks/${taskId}/evidence/confirm`);

  // The client reviews first: the expert sees only that a review exists.
  await client.goto(`/task/${taskId}`);
  await rate(client.locator('main'), client, 5);
  await client.getByLabel(/^Comment/).fill('Careful work and very clear photos.');
  await client.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(client, /Review submitted/)).toBeVisible();
  await expect(client.getByTestId('two-way-reviews')).toContainText('Not reviewed yet.');
  await expect(client.getByTestId('two-way-reviews')).toContainText('Careful work and very clear photos.');

  await expert.goto(`/task/${taskId}`);
  const expertView = expert.getByTestId('two-way-reviews');
  await expect(expertView).toContainText('Submitted. It shows once you have left yours', { timeout: 30_000 });
  await expect(expertView).not.toContainText('Careful work and very clear photos.');
  const form = expert.getByRole('form', { name: 'Review the client' });
  await rate(form, expert, 4);
  await form.getByLabel(/^Comment/).fill('Clear brief and quick to confirm.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  // Both are in: each sees the other's review.
  await expect(expertView).toContainText('Careful work and very clear photos.', { timeout: 15_000 });
  await client.reload();
  await expect(client.getByTestId('two-way-reviews')).toContainText('Clear brief and quick to confirm.');
  await expectNoAxeViolations(client);
  await client.context().close();
  await expert.context().close();
});

test('390 px: turned away by the 100-mile check, waitlisted, told when an expert onboards nearby, draft restored', async ({ browser }) => {
  test.setTimeout(120_000);
  const client = await signedInPage(browser, DEMO.client);
  await client.setViewportSize({ width: 390, height: 844 });
  const title = uniqueTitle('Check the weather buoy');
  await client.goto('/dashboard/create-task');
  await fillTaskForm(client, title, REMOTE_DESCRIPTION);
  await client.getByRole('button', { name: 'Enter coordinates' }).click();
  await client.getByLabel('Latitude').fill(NOWHERE.latitude);
  await client.getByLabel('Longitude').fill(NOWHERE.longitude);
  await client.getByRole('button', { name: 'Use coordinates' }).click();
  await expect(client.getByTestId('location-picker-value')).toContainText('-45.00000, -120.00000');
  await client.getByRole('button', { name: 'Create Task' }).click();
  await expect(client.getByTestId('location-refused')).toContainText('No verified experts are available within 100 miles');
  await expectNoAxeViolations(client);
  await client.getByRole('button', { name: 'Join the waitlist for this place' }).click();
  await expect(client.getByTestId('waitlist-joined')).toContainText("You're on the waitlist.");

  // Shortcut: a demo expert who never finished payment setup applies there and completes onboarding.
  const expert = await signedInPage(browser, 'expert10@example.com');
  const applied = await expert.request.post('/api/experts/application', {
    headers: sameOrigin(expert),
    multipart: {
      bio: 'I service offshore weather buoys and send photos and readings from the boat.',
      expertise: 'Buoys, Marine',
      location: 'South Pacific',
      latitude: '-45.3',
      longitude: '-120.2',
      lpca_terms_accepted: 'true',
      document: { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  const link = (await apiPost(expert, '/api/payment-setup/account', { platform: 'web' })) as { onboardingUrl: string };
  await expert.goto(link.onboardingUrl);
  await expert.getByRole('button', { name: /Complete account setup/ }).click();
  await expect(expert).toHaveURL(/\/profile\?tab=payments$/);
  await expert.context().close();

  // The client's bell says so, and the draft comes back.
  await client.goto('/dashboard');
  const bell = client.getByRole('button', { name: /^Notifications, [1-9]/ });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  await expect(client.getByText('An expert is now available').first()).toBeVisible();
  await client.keyboard.press('Escape');
  await client.goto('/waitlist');
  await expectNoAxeViolations(client);
  await client.getByRole('button', { name: 'Restore my draft' }).first().click();
  await expect(client).toHaveURL(/create-task$/);
  await expect(client.getByLabel('Title')).toHaveValue(title);
  await client.context().close();
});
