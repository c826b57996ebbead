import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths } from './fixtures';
import {
  acceptAndSubmitEvidenceByApi,
  apiPost,
  assignThroughUi,
  createTaskByApi,
  payInDialog,
  signedInPage,
  toast,
  uniqueTitle,
} from './task-loop-helpers';

/**
 * Public expert profiles and trust badges (issue 10): a task is finished and reviewed; a signed-out
 * visitor opens the expert's profile from the link on the task page and sees the review and the
 * completed count; the expert runs the background check on the embedded provider's hosted page, and
 * the badge appears on the public profile.
 */
test('a reviewed expert has a public profile, and a background check adds a badge', async ({ browser }) => {
  test.setTimeout(150_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);

  // (1) A task finished and reviewed: apply and finish by API, assign and pay in the browser.
  const title = uniqueTitle('Profile journey');
  const taskId = await createTaskByApi(client, title);
  await apiPost(expert, `/api/tasks/${taskId}/applications`, {
    proposed_rate: 9_000,
    notes: 'I live nearby and will send photos and a video of every room.',
  });
  await assignThroughUi(client, taskId);
  await payInDialog(client, taskId);
  await acceptAndSubmitEvidenceByApi(expert, taskId);
  await apiPost(client, `/api/tasks/${taskId}/evidence/confirm`);
  // Reviews are double-blind (issue 23): the expert reviews the client first, so the client's review shows at once.
  await apiPost(expert, `/api/tasks/${taskId}/client-review`, { rating: 5, comment: 'Clear brief and quick to confirm.' });
  await apiPost(client, `/api/tasks/${taskId}/review`, { rating: 5, comment: 'Thorough photos and a clear video, thank you!' });

  // (2) The task page links the expert to their public profile.
  await client.goto(`/task/${taskId}`);
  const profileLink = client.getByRole('link', { name: /^View profile/ }).first();
  await expect(profileLink).toBeVisible();
  const href = await profileLink.getAttribute('href');
  expect(href).toMatch(/^\/expert\/[0-9a-f-]{36}$/);

  // (3) A signed-out visitor opens it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  // The document itself carries the profile's first screen, painted before the app runs (decision 0404).
  const documentHtml = await (await visitor.request.get(href!)).text();
  expect(documentHtml).toContain('id="page-shell"');
  expect(documentHtml).toContain('Expert Profile');
  const pageErrors: string[] = [];
  visitor.on('pageerror', (error) => pageErrors.push(error.message));
  const scriptFetches: string[] = [];
  visitor.on('request', (request) => {
    if (/\/assets\/.*\.js$/.test(request.url())) scriptFetches.push(request.url());
  });
  await visitor.goto(href!);
  await expect(visitor.getByRole('heading', { name: 'Expert Profile' })).toBeVisible();
  // While the document loads, the page's code comes through its imports, with no preload links
  // (decision 0408; what is imported after the load, like the toasts, is preloaded); no module
  // preloads ever (decision 0406); and each script is fetched once.
  await expect(visitor.locator('link[rel="preload"][href*="/assets/expert-public-profile-page-"]')).toHaveCount(0);
  await expect(visitor.locator('link[rel="modulepreload"]')).toHaveCount(0);
  expect(scriptFetches.length).toBeGreaterThan(5);
  expect(scriptFetches.filter((url, index) => scriptFetches.indexOf(url) !== index)).toEqual([]);
  // The app took the shell's place: one copy of the profile, and no script error on the way.
  await expect(visitor.locator('#page-shell')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
  const expertName = (await visitor.locator('main h2').first().textContent())!.trim();
  expect(expertName.length).toBeGreaterThan(0);
  expect(documentHtml).toContain(expertName);
  await expect(visitor.getByTestId('completed-tasks')).toContainText(/[1-9]\d* tasks? completed/);
  await expect(visitor.getByRole('img', { name: /out of 5/ }).first()).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(visitor);
  await visitor.getByRole('tab', { name: 'Reviews' }).click();
  await expect(visitor.getByRole('heading', { name: /^Client Reviews/ })).toBeVisible();
  const card = visitor.getByTestId('review-card').first();
  await expect(card).toContainText(`For task: ${title}`);
  await expect(card).toContainText('Thorough photos and a clear video, thank you!');
  await expectNoAxeViolationsAtBothWidths(visitor);

  // (4) The expert runs the background check on the embedded provider's hosted page.
  await expert.goto('/profile?tab=verification');
  await expect(expert.getByRole('heading', { name: 'Trust badges' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(expert);
  await expert.getByRole('button', { name: 'Start background check' }).click();
  await expect(expert).toHaveURL(/\/dev\/verification\/sessions\//);
  await expert.getByRole('button', { name: 'Continue' }).click();
  await expect(expert.getByRole('alert')).toContainText('Please tick the consent box');
  await expert.getByLabel(/I consent to an identity and background check/).check();
  await expert.getByRole('button', { name: 'Continue' }).click();
  await expert.getByRole('button', { name: 'Approve the background check' }).click();
  await expect(expert).toHaveURL(/\/profile\?tab=verification$/);
  await expect(toast(expert, 'Your background check was approved.')).toBeVisible();
  const backgroundBadge = expert.getByRole('list', { name: 'Your badges' }).getByRole('listitem').filter({ hasText: 'Background Checked' });
  await expect(backgroundBadge).toContainText('Verified');

  // (5) The badge shows on the public profile.
  await visitor.reload();
  await expect(visitor.getByRole('list', { name: 'Verification badges' }).first()).toContainText('Background Checked');

  await visitorContext.close();
  await client.context().close();
  await expert.context().close();
});
