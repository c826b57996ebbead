import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths, latestOutboxMessage } from './fixtures';
import {
  apiPost,
  assignThroughUi,
  createTaskByApi,
  payInDialog,
  signedInPage,
  toast,
  uniqueTitle,
} from './task-loop-helpers';

/**
 * Issue 49: a visit on the calendar. The expert proposes two windows, the client picks one, the
 * person on site confirms through the link in their email while signed out, the client reschedules
 * (on a phone) and the expert accepts. axe at 1280 and 390 px on the task page and the on-site page.
 */

/** yyyy-mm-dd, `days` from now: the windows are typed as wall-clock times in the task's zone (New York). */
const dayAhead = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

async function fillWindow(page: Page, n: number, day: string, from: string, to: string) {
  const group = page.getByRole('group', { name: `Window ${n}` });
  await group.getByLabel('Start').fill(`${day}T${from}`);
  await group.getByLabel('End').fill(`${day}T${to}`);
}

test('the expert proposes, the client picks, the person on site confirms, the client reschedules, the expert accepts', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);
  await client.setViewportSize({ width: 1280, height: 900 });
  await expert.setViewportSize({ width: 1280, height: 900 });
  const title = uniqueTitle('Look at the car in the garage');
  const taskId = await createTaskByApi(client, title);
  await apiPost(expert, `/api/tasks/${taskId}/applications`, {
    proposed_rate: 9_000,
    notes: 'I can look at the car this week with photos and a video.',
  });
  await assignThroughUi(client, taskId);
  await payInDialog(client, taskId);

  // The expert offers two windows on the same day.
  const day = dayAhead(4);
  await expert.goto(`/task/${taskId}`);
  const expertVisit = expert.getByTestId('visit-section');
  await expect(expertVisit.getByRole('heading', { name: 'Propose visit times' })).toBeVisible();
  await fillWindow(expert, 1, day, '16:00', '17:00');
  await expertVisit.getByRole('button', { name: 'Add a window' }).click();
  await fillWindow(expert, 2, day, '18:00', '19:00');
  await expertVisit.getByRole('button', { name: 'Send' }).click();
  await expect(toast(expert, 'Visit times sent.')).toBeVisible();

  // The client picks the second one, named in the task's zone.
  await client.goto(`/task/${taskId}`);
  const offer = client.getByTestId('visit-pending');
  await expect(offer).toContainText('The expert proposed:');
  await expect(offer).toContainText(/4:00-5:00 pm E[SD]T/);
  await offer.getByRole('button', { name: /^Pick this time: .*6:00-7:00 pm/ }).click();
  await expect(toast(client, 'Visit time agreed.')).toBeVisible();
  await expect(client.getByTestId('visit-agreed')).toContainText(/6:00-7:00 pm E[SD]T/);
  await expectNoAxeViolationsAtBothWidths(client);

  // The client names the person on site, who is emailed a signed link.
  const sellerEmail = `seller-${Date.now().toString(36)}@example.com`;
  const contact = client.getByTestId('onsite-contact');
  await contact.getByRole('button', { name: 'Person on site' }).click();
  await contact.getByLabel('Name').fill('Sam Seller');
  await contact.getByLabel('Email').fill(sellerEmail);
  await contact.getByRole('button', { name: 'Save and send the link' }).click();
  await expect(toast(client, 'The person on site was sent a link.')).toBeVisible();

  // Signed out, in a browser of their own, the person on site confirms.
  const mail = await latestOutboxMessage(client.request, 'email', sellerEmail);
  expect(mail.action_url).toContain('/onsite/');
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto(mail.action_url!);
  await expect(visitor.getByRole('heading', { name: 'Your visit' })).toBeVisible();
  await expect(visitor.getByTestId('onsite-address')).toHaveText('New York, New York, United States');
  await expect(visitor.getByTestId('onsite-window')).toContainText(/6:00-7:00 pm E[SD]T/);
  await expect(visitor.getByText('9,000')).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(visitor);
  await visitor.getByRole('button', { name: 'Confirm this time' }).click();
  await expect(visitor.getByText('Thank you, the visit is confirmed.')).toBeVisible();
  await visitorContext.close();

  // On a phone, the client asks to move the visit two days later.
  await client.setViewportSize({ width: 390, height: 844 });
  await client.reload();
  const clientVisit = client.getByTestId('visit-section');
  await expect(clientVisit).toContainText('Confirmed by the person on site.');
  await clientVisit.getByRole('button', { name: 'Ask to reschedule' }).click();
  await fillWindow(client, 1, dayAhead(6), '10:00', '11:00');
  await clientVisit.getByLabel('Reason').fill('The seller can only do mornings.');
  await clientVisit.getByRole('button', { name: 'Send' }).click();
  await expect(toast(client, 'Visit times sent.')).toBeVisible();
  await expect(client.getByTestId('visit-agreed')).toContainText(/6:00-7:00 pm/);

  // The expert accepts; the timeline keeps every step.
  await expert.reload();
  const request = expert.getByTestId('visit-pending');
  await expect(request).toContainText('The client proposed:');
  await expect(request).toContainText('The seller can only do mornings.');
  await request.getByRole('button', { name: /^Accept: .*10:00-11:00 am/ }).click();
  await expect(toast(expert, 'Visit time agreed.')).toBeVisible();
  await expect(expert.getByTestId('visit-agreed')).toContainText(/10:00-11:00 am E[SD]T/);
  const timeline = expert.getByTestId('visit-timeline');
  await expect(timeline).toContainText('The person on site confirmed');
  await expect(timeline).toContainText('The client asked to reschedule: The seller can only do mornings.');
  await expectNoAxeViolationsAtBothWidths(expert);

  // Both dashboards list the visit.
  await expert.goto('/dashboard');
  await expect(expert.getByTestId('upcoming-visits')).toContainText(title);
  await expect(expert.getByTestId('upcoming-visits')).toContainText('On site: Sam Seller');
  // The expert's calendar link: a calendar app would subscribe to it (no session needed).
  const feed = expert.getByTestId('calendar-feed');
  await feed.getByRole('button', { name: 'Get a calendar link' }).click();
  const feedUrl = await feed.getByLabel('Calendar feed URL').inputValue();
  const calendar = await (await browser.newContext()).request.get(feedUrl);
  expect(calendar.headers()['content-type']).toContain('text/calendar');
  expect(await calendar.text()).toContain(`SUMMARY:Visit: ${title}`);
  await client.goto('/dashboard');
  await expect(client.getByTestId('upcoming-visits')).toContainText(title);
});
